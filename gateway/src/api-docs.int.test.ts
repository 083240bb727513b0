// The API documentation page (issue 56, item 5) as a browser gets it through nginx: /api/docs and
// every file it asks for come with the store's security headers, the right content types (nosniff
// holds the browser to them) and no inline script, so the store's Content-Security-Policy needs no
// exception for it; the document it renders is the gateway's own /api/openapi.json.
import { stackEnv } from '@bazar/testing';

const PAGE = `${stackEnv.webUrl}/api/docs`;

async function get(address: string) {
  const answer = await fetch(address, { redirect: 'manual' });
  return { answer, body: await answer.text() };
}

function expectSecurityHeaders(address: string, answer: Response) {
  const csp = answer.headers.get('content-security-policy') ?? '';
  expect({ address, csp }).toEqual({ address, csp: expect.stringContaining("default-src 'self'") });
  expect({ address, csp }).toEqual({ address, csp: expect.stringContaining("connect-src 'self'") });
  expect({ address, csp }).not.toEqual({
    address,
    csp: expect.stringMatching(/script-src[^;]*('unsafe-inline'|'unsafe-eval'|\*|https?:)/),
  });
  expect({ address, nosniff: answer.headers.get('x-content-type-options') }).toEqual({ address, nosniff: 'nosniff' });
  expect({ address, referrer: answer.headers.get('referrer-policy') }).toEqual({ address, referrer: 'strict-origin-when-cross-origin' });
}

/** The page's <script> and stylesheet addresses, absolute, and how many scripts have no src. */
function assetsOf(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => /\bsrc="([^"]+)"/.exec(attributes!)?.[1]);
  const styles = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(([tag]) => /\bhref="([^"]+)"/.exec(tag)![1]!);
  return {
    scripts: scripts.filter((src): src is string => src !== undefined).map((src) => new URL(src, PAGE).href),
    inlineScripts: scripts.filter((src) => src === undefined).length,
    styles: styles.map((href) => new URL(href, PAGE).href),
  };
}

it('GET /api/docs is an HTML page under the store’s security headers, with no inline script', async () => {
  const { answer, body } = await get(PAGE);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/html\b/);
  expectSecurityHeaders(PAGE, answer);
  const { scripts, inlineScripts, styles } = assetsOf(body);
  expect(inlineScripts).toBe(0);
  expect(scripts.length).toBeGreaterThanOrEqual(2);
  expect(styles.length).toBeGreaterThanOrEqual(1);
  // everything from the store's own origin: the machine it runs on may reach no CDN
  for (const address of [...scripts, ...styles]) expect(new URL(address).origin).toBe(new URL(PAGE).origin);
});

it('every script and stylesheet the page asks for loads, with its content type and the security headers', async () => {
  const { scripts, styles } = assetsOf((await get(PAGE)).body);
  const expected = [
    ...scripts.map((address) => ({ address, type: /^(application|text)\/javascript\b/ })),
    ...styles.map((address) => ({ address, type: /^text\/css\b/ })),
  ];
  for (const { address, type } of expected) {
    const { answer, body } = await get(address);
    expect({ address, status: answer.status }).toEqual({ address, status: 200 });
    expect({ address, type: answer.headers.get('content-type') }).toEqual({ address, type: expect.stringMatching(type) });
    expect({ address, empty: body.length === 0 }).toEqual({ address, empty: false });
    expectSecurityHeaders(address, answer);
  }
});

it('the page renders the document the gateway serves at /api/openapi.json', async () => {
  const { body } = await get(`${stackEnv.webUrl}/api/docs/start.js`);
  const documentAddress = new URL(/\burl: '([^']+)'/.exec(body)![1]!, PAGE).href;
  expect(documentAddress).toBe(`${stackEnv.webUrl}/api/openapi.json`);
  const { answer, body: document } = await get(documentAddress);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json\b/);
  expect(Object.keys((JSON.parse(document) as { paths: object }).paths)).toContain('/orderplace');
});

it('/api/docs/ leads to /api/docs, whose relative addresses hold only without the slash', async () => {
  const { answer } = await get(`${PAGE}/`);
  expect(answer.status).toBe(301);
  expect(new URL(answer.headers.get('location')!, `${PAGE}/`).href).toBe(PAGE);
});

it.each(['/api/docs/nothing.js', '/api/docs/swagger-ui-0.0.0/swagger-ui-bundle.js', '/api/docs/start.js/x', '/api/docs/..%2Fpackage.json'])(
  '%s, no file of the page, is a JSON 404 with the security headers (nothing else of node_modules is served)',
  async (path) => {
    const { answer, body } = await get(`${stackEnv.webUrl}${path}`);
    expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    expect(JSON.parse(body)).toEqual({ error: expect.any(String), code: 'no-such-endpoint' });
    expectSecurityHeaders(path, answer);
  },
);

it('Swagger UI’s files are kept by browsers for good, the page and its start script are asked again', async () => {
  const { scripts, styles } = assetsOf((await get(PAGE)).body);
  const swaggerUi = [...scripts, ...styles].filter((address) => /\/swagger-ui-\d+\.\d+\.\d+\//.test(address));
  expect(swaggerUi).toHaveLength(2);
  for (const address of swaggerUi) expect((await get(address)).answer.headers.get('cache-control')).toMatch(/\bimmutable\b/);
  for (const address of [PAGE, `${PAGE}/start.js`]) expect((await get(address)).answer.headers.get('cache-control')).toBe('no-cache');
});
