import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Router, type Response } from 'express';

// Swagger UI renders the OpenAPI document for a person (docs/libraries.md says why it and not
// Scalar). Its bundle is served from node_modules by the gateway itself, so the page reaches nothing
// but the store's own origin, and it needs neither eval nor an inline script: the store's
// Content-Security-Policy, which nginx adds to everything under /api/, holds for it unchanged.
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const { version } = JSON.parse(readFileSync(path.join(SWAGGER_UI, 'package.json'), 'utf8')) as { version: string };

/** Swagger UI's files by the names the page asks for; the version in the path lets a browser keep
 *  them for good (the next version is another path). */
const ASSETS = {
  [`swagger-ui-${version}/swagger-ui-bundle.js`]: { file: 'swagger-ui-bundle.js', type: 'application/javascript; charset=utf-8' },
  [`swagger-ui-${version}/swagger-ui.css`]: { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
};
const [BUNDLE, STYLES] = Object.keys(ASSETS) as [string, string];

// The page is at /api/docs and every address in it is relative to that: the gateway does not know
// the prefix nginx serves it under (the document's `servers` says /api to the reader).
const START = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  // no badge fetched from swagger.io's validator
  validatorUrl: null,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'><text y='.9em' font-size='90'>🧺</text></svg>" />
    <title>Bazar API</title>
    <link rel="stylesheet" href="docs/${STYLES}" />
  </head>
  <body>
    <main id="docs">
      <noscript>The API documentation needs JavaScript; the OpenAPI document itself is <a href="openapi.json">openapi.json</a>.</noscript>
    </main>
    <script src="docs/${BUNDLE}"></script>
    <script src="docs/start.js"></script>
  </body>
</html>
`;

const fresh = (res: Response, type: string, body: string) => void res.type(type).set('Cache-Control', 'no-cache').send(body);

/** GET /docs: the public API's documentation page, rendered from GET /openapi.json. */
export function docsPage(): Router {
  return (
    Router({ strict: true })
      .get('/docs', (_req, res) => fresh(res, 'text/html; charset=utf-8', PAGE))
      // the page's relative addresses hold only without the trailing slash
      .get('/docs/', (_req, res) => void res.redirect(301, '../docs'))
      .get('/docs/start.js', (_req, res) => fresh(res, 'application/javascript; charset=utf-8', START))
      .get('/docs/:folder/:file', (req, res, next) => {
        const asset = ASSETS[`${req.params.folder}/${req.params.file}`];
        if (!asset) return next();
        res.sendFile(path.join(SWAGGER_UI, asset.file), {
          headers: { 'Content-Type': asset.type },
          maxAge: '365d',
          immutable: true,
        });
      })
  );
}
