// The stack's trace page over Jaeger's query API (/api/services, /api/traces): find a service's
// latest traces, open one as a waterfall of its spans. Plain DOM and textContent only: span names,
// tags and logs come from whatever the services recorded and are never read as markup.

const page = document.getElementById('page');
const form = document.getElementById('find');
const serviceSelect = document.getElementById('service');
const operationSelect = document.getElementById('operation');
const lookbackSelect = document.getElementById('lookback');
const traceInput = document.getElementById('trace-id');

/** An element with its attributes and children (strings become text). */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'style') Object.assign(node.style, value);
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children.flat(Infinity)) if (child != null) node.append(child);
  return node;
}

async function api(path) {
  const answer = await fetch(`/api/${path}`);
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(body.errors?.[0]?.msg ?? `${answer.status} ${answer.statusText}`);
  return body.data;
}

const durationText = (micros) =>
  micros >= 1_000_000 ? `${(micros / 1_000_000).toFixed(2)} s` : micros >= 1_000 ? `${(micros / 1_000).toFixed(2)} ms` : `${micros} µs`;
const timeText = (micros) => new Date(micros / 1_000).toLocaleString();

/** A colour per service name, the same on every page, dark enough for white text on it. */
function colourOf(service) {
  let hash = 0;
  for (const char of service) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 60% 30%)`;
}

const serviceOf = (trace, span) => trace.processes[span.processID]?.serviceName ?? '?';
const tagOf = (span, key) => span.tags.find((tag) => tag.key === key)?.value;
const failed = (span) => tagOf(span, 'error') === true || tagOf(span, 'otel.status_code') === 'ERROR';

/** The trace's spans depth first, each with its depth, children by start time. */
function spansInOrder(trace) {
  const ids = new Set(trace.spans.map((span) => span.spanID));
  const children = new Map();
  const roots = [];
  for (const span of trace.spans) {
    const parent = span.references.find((ref) => ref.refType === 'CHILD_OF' && ids.has(ref.spanID))?.spanID;
    if (parent) children.set(parent, [...(children.get(parent) ?? []), span]);
    else roots.push(span);
  }
  const byStart = (a, b) => a.startTime - b.startTime;
  const ordered = [];
  const visit = (span, depth) => {
    ordered.push({ span, depth });
    for (const child of (children.get(span.spanID) ?? []).sort(byStart)) visit(child, depth + 1);
  };
  for (const root of roots.sort(byStart)) visit(root, 0);
  return ordered;
}

function rootOf(trace) {
  return spansInOrder(trace)[0]?.span;
}

function traceBounds(trace) {
  const start = Math.min(...trace.spans.map((span) => span.startTime));
  const end = Math.max(...trace.spans.map((span) => span.startTime + span.duration));
  return { start, total: Math.max(end - start, 1) };
}

function keyValues(title, pairs) {
  if (pairs.length === 0) return null;
  return el(
    'section',
    {},
    el('h4', {}, title),
    el(
      'table',
      {},
      pairs.map(({ key, value }) => el('tr', {}, el('th', {}, key), el('td', {}, String(value)))),
    ),
  );
}

function spanDetails(trace, span) {
  return el(
    'div',
    { class: 'details' },
    el('p', {}, `span ${span.spanID} · ${serviceOf(trace, span)} · started ${timeText(span.startTime)}`),
    keyValues('Tags', span.tags),
    keyValues('Process', trace.processes[span.processID]?.tags ?? []),
    span.logs.map((log) => keyValues(`Event at ${durationText(log.timestamp - span.startTime)}`, log.fields)),
  );
}

async function showTrace(traceId) {
  page.replaceChildren(el('p', {}, 'Loading…'));
  const [trace] = await api(`traces/${encodeURIComponent(traceId)}`);
  const { start, total } = traceBounds(trace);
  const services = [...new Set(trace.spans.map((span) => serviceOf(trace, span)))].sort();
  const root = rootOf(trace);
  document.title = `${root ? `${serviceOf(trace, root)}: ${root.operationName}` : traceId} · Bazar traces`;
  const rows = spansInOrder(trace).map(({ span, depth }) => {
    const service = serviceOf(trace, span);
    const details = el('li', { class: 'details-row', hidden: '' });
    const row = el(
      'li',
      { class: failed(span) ? 'span failed' : 'span', 'data-service': service },
      el(
        'button',
        {
          type: 'button',
          'aria-expanded': 'false',
          onclick: (event) => {
            const open = details.hidden;
            details.hidden = !open;
            event.currentTarget.setAttribute('aria-expanded', String(open));
            if (open && !details.firstChild) details.append(spanDetails(trace, span));
          },
        },
        el(
          'span',
          { class: 'name', style: { paddingLeft: `${depth * 14}px` } },
          el('span', { class: 'service', style: { background: colourOf(service) } }, service),
          ` ${span.operationName}`,
        ),
        el(
          'span',
          { class: 'lane' },
          el('span', {
            class: 'bar',
            style: {
              left: `${((span.startTime - start) / total) * 100}%`,
              width: `${Math.max((span.duration / total) * 100, 0.3)}%`,
              background: colourOf(service),
            },
          }),
          el('span', { class: 'took' }, durationText(span.duration)),
        ),
      ),
    );
    return [row, details];
  });
  page.replaceChildren(
    el(
      'section',
      { class: 'trace' },
      el('h2', {}, root ? `${serviceOf(trace, root)}: ${root.operationName}` : traceId),
      el(
        'p',
        { class: 'facts' },
        `Trace ${trace.traceID} · ${timeText(start)} · ${durationText(total)} · ${trace.spans.length} spans · services: ${services.join(', ')}`,
      ),
      el('ol', { class: 'waterfall', 'aria-label': 'Spans' }, rows),
    ),
  );
}

async function showSearch(params) {
  const service = params.get('service') ?? serviceSelect.value;
  if (!service) {
    page.replaceChildren(el('p', {}, 'No service has sent a span yet.'));
    return;
  }
  page.replaceChildren(el('p', {}, 'Loading…'));
  const query = new URLSearchParams({ service, lookback: params.get('lookback') ?? '1h', limit: '20' });
  if (params.get('operation')) query.set('operation', params.get('operation'));
  const traces = (await api(`traces?${query}`)).sort((a, b) => traceBounds(b).start - traceBounds(a).start);
  page.replaceChildren(
    el('h2', {}, `Latest traces of ${service}`),
    traces.length === 0
      ? el('p', {}, 'None in that time.')
      : el(
          'ol',
          { class: 'traces' },
          traces.map((trace) => {
            const root = rootOf(trace);
            const { start, total } = traceBounds(trace);
            const services = [...new Set(trace.spans.map((span) => serviceOf(trace, span)))].sort();
            return el(
              'li',
              { class: trace.spans.some(failed) ? 'failed' : '' },
              el('a', { href: `/trace/${trace.traceID}` }, root ? `${serviceOf(trace, root)}: ${root.operationName}` : trace.traceID),
              el(
                'span',
                { class: 'facts' },
                ` ${durationText(total)} · ${trace.spans.length} spans · ${services.join(', ')} · ${timeText(start)}`,
              ),
            );
          }),
        ),
  );
}

async function fillOperations(service) {
  const operations = service ? ((await api(`services/${encodeURIComponent(service)}/operations`)) ?? []) : [];
  operationSelect.replaceChildren(
    el('option', { value: '' }, 'all'),
    ...operations.sort().map((name) => el('option', { value: name }, name)),
  );
}

async function route() {
  const traceMatch = location.pathname.match(/^\/trace\/([0-9a-fA-F]{1,32})$/);
  try {
    if (traceMatch) await showTrace(traceMatch[1]);
    else await showSearch(new URLSearchParams(location.search));
  } catch (error) {
    page.replaceChildren(el('p', { class: 'error', role: 'alert' }, error.message));
  }
}

function go(url) {
  history.pushState(null, '', url);
  route();
}

document.addEventListener('click', (event) => {
  const link = event.target.closest('a[href^="/"]');
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  go(link.getAttribute('href'));
});
window.addEventListener('popstate', route);
serviceSelect.addEventListener('change', () => fillOperations(serviceSelect.value));
form.addEventListener('submit', (event) => {
  event.preventDefault();
  const traceId = traceInput.value.trim();
  if (traceId) return go(`/trace/${traceId}`);
  const query = new URLSearchParams({ service: serviceSelect.value, lookback: lookbackSelect.value });
  if (operationSelect.value) query.set('operation', operationSelect.value);
  go(`/search?${query}`);
});

const params = new URLSearchParams(location.search);
const services = ((await api('services').catch(() => [])) ?? []).sort();
serviceSelect.replaceChildren(...services.map((name) => el('option', { value: name }, name)));
serviceSelect.value = params.get('service') ?? (services.includes('gateway') ? 'gateway' : (services[0] ?? ''));
lookbackSelect.value = params.get('lookback') ?? '1h';
await fillOperations(serviceSelect.value).catch(() => {});
operationSelect.value = params.get('operation') ?? '';
route();
