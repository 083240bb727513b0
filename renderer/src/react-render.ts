import { createRequire } from 'node:module';
import path from 'node:path';
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

/** Where `npm run build:render -w shell` writes the shell's server build. */
export const SHELL_SERVER_BUILD = path.resolve(__dirname, '..', '..', 'shell', 'dist', 'server', 'render.js');

/**
 * The public pages rendered by React in this process (issue 56, docs/decisions/server-rendering.md)
 * instead of in the renderer's Chromium: the shell's server build renders the page from the remotes
 * the store's runtime manifest names at this moment (each remote's server build, loaded by the
 * federation runtime through the manifest beside its browser build), and the page goes into the
 * shell's index.html as PageRenderer's does, with the answers it was rendered from and its stylesheets.
 *
 * Measured beside PageRenderer, not in use: the renderer still serves Chromium's pages. The shell's
 * server build is loaded once (a new shell needs the renderer started again); the remotes are read
 * at every render. Each API read the page was rendered from is kept with what it answered, as
 * PageRenderer keeps them, for the freshness check (kept-pages.ts).
 */
export class ReactPageRenderer implements PageRendering {
  private shell: ShellServerBuild | undefined;
  /** One render at a time: the shell's build holds one i18next instance, in one language at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: { storeUrl: string; timeoutMs: number; shellServerBuild?: string }) {}

  render(address: string, language: Language): Promise<RenderedPage> {
    const rendering = this.queue.then(() => this.renderNow(address, language));
    this.queue = rendering.catch(() => undefined);
    return rendering;
  }

  async close(): Promise<void> {}

  private async renderNow(address: string, language: Language): Promise<RenderedPage> {
    const store = this.options.storeUrl;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const [template, entries] = await Promise.all([
      fetched(`${store}/index.html`, signal).then((answer) => answer.text()),
      fetched(`${store}/mf-remotes.json`, signal).then((answer) => answer.json() as Promise<Record<string, string>>),
    ]);
    const remotes = Object.fromEntries(Object.entries(entries).map(([remote, entry]) => [remote, new URL(entry, store).href]));
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(new RenderFailure(`${address} was not rendered within ${this.options.timeoutMs} ms`))),
    );
    const reads = new Map<string, ReadAnswer>();
    const onRead = async (read: string, answer: Response) => void reads.set(read, await answerOf(read, answer));
    try {
      const page = await Promise.race([this.shellBuild().renderPage({ address, language, remotes, onRead }), aborted]);
      return { html: pageHtml(template, page, language), reads };
    } catch (error) {
      if (error instanceof RenderFailure) throw error;
      throw new RenderFailure(`${address} could not be rendered: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private shellBuild(): ShellServerBuild {
    // The build's RTK Query reads the store's API at STORE_URL (packages/web-kit/webpack/server-query.mjs).
    process.env.STORE_URL ??= this.options.storeUrl;
    // Node's own require (a test runner's would take it for a module of its own to transform): a
    // build found at run time, not a module of this package.
    const build = this.options.shellServerBuild ?? SHELL_SERVER_BUILD;
    this.shell ??= createRequire(build)(build) as ShellServerBuild;
    return this.shell;
  }
}

/** What a read answered, as PageRenderer keeps it: the page shows its body and a list's headers. */
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
