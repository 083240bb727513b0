import { PRERENDERED_ANSWERS, PRERENDERED_COUNTS_STALE } from '@bazar/contracts';
import { RenderFailure, countsStale, pageHtml } from './page-html';

const template =
  '<!doctype html><html lang="en"><head><script defer="defer" src="/main.js"></script>' +
  '<link rel="stylesheet" href="/877.css"><link rel="preload" as="script" href="/465.js">' +
  '<link rel="preload" as="script" href="/696.js"><link rel="preload" as="fetch" href="/mf-remotes.json" crossorigin="anonymous">' +
  '</head><body><div id="root"></div></body></html>';

test("a rendered page's code is held in a template, to be asked for once the page has painted; its stylesheets stay where they paint it", () => {
  const html = pageHtml(template, { html: '<h1>Fresh vegetables</h1>', answers: {}, styles: [] }, 'bn');
  const head = html.slice(0, html.indexOf('</head>'));
  const held = /<template id="bazar-code">(.*?)<\/template>/.exec(head)?.[1];
  expect(held).toBe(
    '<script defer="defer" src="/main.js"></script><link rel="preload" as="script" href="/465.js">' +
      '<link rel="preload" as="script" href="/696.js"><link rel="preload" as="fetch" href="/mf-remotes.json" crossorigin="anonymous">',
  );
  expect(head.replace(held!, '')).toBe(
    '<!doctype html><html lang="bn"><head><link rel="stylesheet" href="/877.css"><template id="bazar-code"></template>',
  );
  expect(html).toContain('<div id="root"><h1>Fresh vegetables</h1></div>');
});

test("a remote's stylesheet is linked by its path and named by its file, as the remote's loader looks for it; the shell's is not linked twice", () => {
  const styles = ['/877.css', '/mf/catalog/47.f99f6212.css'];
  const html = pageHtml(template, { html: '<h1>Rice</h1>', answers: {}, styles }, 'en');
  expect(html).toContain('<link rel="stylesheet" href="/mf/catalog/47.f99f6212.css" data-href="47.f99f6212.css">');
  expect(html.match(/href="\/877\.css"/g)).toHaveLength(1);
});

test('a page served on after its counts of units left changed is marked on its answers, which the shell reads before any app code', () => {
  const html = pageHtml(template, { html: '<p>120 in stock</p>', answers: { api: {} }, styles: [] }, 'en');
  const marked = countsStale(html);
  expect(marked).toContain(`<script type="application/json" id="${PRERENDERED_ANSWERS}" ${PRERENDERED_COUNTS_STALE}>{"api":{}}</script>`);
  expect(marked.replace(` ${PRERENDERED_COUNTS_STALE}`, '')).toBe(html);
  expect(() => countsStale(template)).toThrow(RenderFailure);
});
