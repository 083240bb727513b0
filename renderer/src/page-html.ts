import { PRERENDERED_ANSWERS, PRERENDERED_COUNTS_STALE, type PrerenderedPage } from '@bazar/contracts';
import type { Language } from './language';

/** A page the renderer could not render: nginx goes on serving the client-rendered app. */
export class RenderFailure extends Error {}

const ANSWERS_ELEMENT = `<script type="application/json" id="${PRERENDERED_ANSWERS}">`;

/** The shell's index.html with the page's markup in its root, the answers it was rendered from
 *  beside it, the remotes' stylesheets in its head and the page's language. */
export function pageHtml(template: string, page: PrerenderedPage & { styles: string[] }, language: Language): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) throw new RenderFailure("the shell's index.html has no empty root");
  const styles = page.styles
    .filter((href) => !template.includes(`href="${href}"`))
    // `data-href`, the file's name, is what the remote's stylesheet loader (mini-css-extract) looks
    // for before it links a stylesheet of its own; without it, the page linked each one twice and
    // applied all its rules again as it hydrated
    .map(
      (href) =>
        `<link rel="stylesheet" href="${escapeAttribute(href)}" data-href="${escapeAttribute(href.slice(href.lastIndexOf('/') + 1))}">`,
    )
    .join('');
  // JSON in a script element of its own type is never run; `<` escaped, it cannot close the element.
  const answers = JSON.stringify(page.answers ?? null).replaceAll('<', '\\u003c');
  // The page's words and pictures are in its HTML; its code only makes it interactive. Held in a
  // template, which the browser neither runs nor fetches from, it is asked for once the page has
  // painted (the shell's index.html does that): fetched beside the stylesheets, fonts and pictures,
  // it shared their connection, and a slow phone's first paint waited for all of it.
  const code: string[] = [];
  const withoutCode = template.replace(CODE, (tag) => {
    code.push(tag);
    return '';
  });
  return withoutCode
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace('</head>', () => `${styles}<template id="${CODE_TEMPLATE}">${code.join('')}</template></head>`)
    .replace(root, () => `<div id="root">${page.html}</div>${ANSWERS_ELEMENT}${answers}</script>`);
}

/** The page marked as showing counts of units left that have changed since it was rendered. */
export function countsStale(html: string): string {
  if (!html.includes(ANSWERS_ELEMENT)) throw new RenderFailure('the page holds no rendered answers to mark');
  return html.replace(ANSWERS_ELEMENT, () => `${ANSWERS_ELEMENT.slice(0, -1)} ${PRERENDERED_COUNTS_STALE}>`);
}

/** The shell's entry script and the preloads of its chunks and of the remotes' runtime manifest. */
const CODE = /<script defer="defer" src="[^"]*"><\/script>|<link rel="preload" as="(?:script|fetch)"[^>]*>/g;
const CODE_TEMPLATE = 'bazar-code';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
