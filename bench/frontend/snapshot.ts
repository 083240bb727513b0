// The static baseline of a storefront page: the page as Chromium rendered it, its scripts removed
// and the hints that fetch them or their data (preloads of scripts and fetches, modulepreloads),
// written into .stack/bench where nginx serves it as a plain file (/bench/<name>). What the
// storefront would cost if its first HTML already were the finished page.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const BENCH_DIR = join(__dirname, '..', '..', '.stack', 'bench');

/** The file name of the snapshot of a page named `name` (e.g. "product detail"). */
export const snapshotName = (name: string) => `snapshot-${name.replace(/\W+/g, '-')}.html`;

/** A hint that fetches a script or a script's data (the stylesheet, font and picture hints stay). */
const fetchesCode = (link: string) =>
  /\brel="modulepreload"/.test(link) || (/\brel="preload"/.test(link) && /\bas="(?:script|fetch)"/.test(link));

/** Writes the rendered HTML of a page without its scripts; answers its path under nginx. */
export async function writeSnapshot(name: string, renderedHtml: string): Promise<string> {
  const file = snapshotName(name);
  const withoutScripts = renderedHtml
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*>/g, (link) => (fetchesCode(link) ? '' : link));
  await writeFile(join(BENCH_DIR, file), withoutScripts);
  return `/bench/${file}`;
}
