import { pageHtml } from './page-html';

const template =
  '<!doctype html><html lang="en"><head><script defer="defer" src="/main.js"></script>' +
  '<link rel="stylesheet" href="/877.css"><link rel="preload" as="script" href="/465.js">' +
  '<link rel="preload" as="script" href="/696.js"><link rel="preload" as="fetch" href="/mf-remotes.json" crossorigin="anonymous">' +
  '</head><body><div id="root"></div></body></html>';

test("a rendered page's scripts load after what paints it; its styles and data keep their priority", () => {
  const html = pageHtml(template, { html: '<h1>Fresh vegetables</h1>', answers: {}, styles: [] }, 'bn');
  expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/465.js">');
  expect(html).toContain('<link rel="preload" as="script" fetchpriority="low" href="/696.js">');
  expect(html).toContain('<link rel="stylesheet" href="/877.css">');
  expect(html).toContain('<link rel="preload" as="fetch" href="/mf-remotes.json" crossorigin="anonymous">');
  expect(html).toContain('<html lang="bn"');
  expect(html).toContain('<div id="root"><h1>Fresh vegetables</h1></div>');
});
