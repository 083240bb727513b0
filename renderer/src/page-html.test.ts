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

test("a remote's stylesheet is linked by its path and named by its file, as the remote's loader looks for it; the shell's is not linked twice", () => {
  const styles = ['/877.css', '/mf/catalog/47.f99f6212.css'];
  const html = pageHtml(template, { html: '<h1>Rice</h1>', answers: {}, styles }, 'en');
  expect(html).toContain('<link rel="stylesheet" href="/mf/catalog/47.f99f6212.css" data-href="47.f99f6212.css">');
  expect(html.match(/href="\/877\.css"/g)).toHaveLength(1);
});
