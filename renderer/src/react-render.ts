import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { constants, runInThisContext } from 'node:vm';
import { answerPrints, shownHeaders } from './answer-prints';
import type { Language } from './language';
import { RenderFailure, pageHtml } from './page-html';
import type { PageRendering, ReadAnswer, RenderedPage } from './rendered-page';

/** The shell's server build as the renderer calls it (shell/src/server/render-page.tsx). */
interface ShellServerBuild {
  renderPage(page: {
    address: string;
    language: Language;
    remotes: Record<string, string>;
    onRead: (read: string, answer: Response) => Promise<void>;
  }): Promise<{ html: string; answers: unknown; styles: string[] }>;
}

/** Where the store serves the shell's server build, beside its index.html (the shell's
 *  `npm run build` builds it into dist/server/). */
export const SHELL_SERVER_BUILD = '/server/render.js';

/**
 * The public pages rendered by React in this process (issue 56, docs/decisions/server-rendering.md):
 * the shell's server build renders the page from the remotes the store's runtime manifest names at
 * this moment (each remote's server build, loaded by the federation runtime through the manifest
 * beside its browser build), and the page goes into the shell's index.html (page-html.ts), with the
 * answers it was rendered from and its stylesheets.
 * Each API read the page was rendered from is kept with what it answered, for the freshness check
 * (kept-pages.ts).
 *
 * The shell's server build is taken from the store, as its index.html is, asked again (by its ETag)
 * at every render: a release of the shell renders its pages with its own code, without a restart.
 * Renders run side by side: each has its own store, reads and i18next instance.
 */
export class ReactPageRenderer implements PageRendering {
  private shell: { etag: string | undefined; hash: string; build: ShellServerBuild } | undefined;
  /** The look at the store's shell build under way, which renders starting meanwhile share. */
  private lookingAtShell: Promise<ShellServerBuild> | undefined;

  constructor(private readonly options: { storeUrl: string; timeoutMs: number }) {
    // The builds' RTK Query reads the store's API at STORE_URL (packages/web-kit/webpack/server-query.mjs).
    process.env.STORE_URL ??= options.storeUrl;
  }

  async render(address: string, language: Language): Promise<RenderedPage> {
    const store = this.options.storeUrl;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new RenderFailure(`${address} was not rendered within ${this.options.timeoutMs} ms`))),
    );
    const reads = new Map<string, ReadAnswer>();
    const onRead = async (read: string, answer: Response) => void reads.set(read, await answerOf(read, answer));
    try {
      const [template, entries, shell] = await Promise.race([
        Promise.all([
          fetched(`${store}/index.html`, signal).then((answer) => answer.text()),
          fetched(`${store}/mf-remotes.json`, signal).then((answer) => answer.json() as Promise<Record<string, string>>),
          this.shellBuild(),
        ]),
        aborted,
      ]);
      const remotes = Object.fromEntries(Object.entries(entries).map(([remote, entry]) => [remote, new URL(entry, store).href]));
      const page = await Promise.race([shell.renderPage({ address, language, remotes, onRead }), aborted]);
      return { html: pageHtml(template, page, language), reads };
    } catch (error) {
      if (error instanceof RenderFailure) throw error;
      throw new RenderFailure(`${address} could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async close(): Promise<void> {}

  private shellBuild(): Promise<ShellServerBuild> {
    this.lookingAtShell ??= this.currentShellBuild().finally(() => (this.lookingAtShell = undefined));
    return this.lookingAtShell;
  }

  /** The store's shell build: the one loaded while the store answers that it has not changed. */
  private async currentShellBuild(): Promise<ShellServerBuild> {
    const url = new URL(SHELL_SERVER_BUILD, this.options.storeUrl).href;
    const known = this.shell;
    const answer = await fetch(url, {
      headers: known?.etag ? { 'if-none-match': known.etag } : {},
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (answer.status === 304 && known) return known.build;
    if (!answer.ok) throw new RenderFailure(`${url} answered ${answer.status}`);
    const code = await answer.text();
    const hash = createHash('sha256').update(code).digest('base64url');
    const build = known?.hash === hash ? known.build : evaluated(code, url);
    this.shell = { etag: answer.headers.get('etag') ?? undefined, hash, build };
    return build;
  }
}

/** A CommonJS module's code run as Node runs a file of it (its module wrapper), in this process's
 *  globals: the build's fetch and Response are the renderer's. It requires Node's own modules only. */
function evaluated(code: string, url: string): ShellServerBuild {
  const run = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, {
    filename: url,
    // its import() of Node's modules (the federation runtime's loader) as a file's would be
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }) as (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;
  const module = { exports: {} };
  run(module.exports, createRequire(__filename), module, url, '/');
  return module.exports as ShellServerBuild;
}

/** What a read answered, in short: the page shows its body and a list's headers. */
async function answerOf(read: string, answer: Response): Promise<ReadAnswer> {
  const body = new Uint8Array(await answer.arrayBuffer());
  const headers = Object.fromEntries(answer.headers);
  return { ...answerPrints(answer.status, body, shownHeaders(read, headers)), etag: headers['etag'] };
}

async function fetched(url: string, signal: AbortSignal): Promise<Response> {
  const answer = await fetch(url, { signal });
  if (!answer.ok) throw new RenderFailure(`${url} answered ${answer.status}`);
  return answer;
}
