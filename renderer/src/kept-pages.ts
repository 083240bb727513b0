import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Logger } from '@bazar/service-kit';
import { request } from 'undici';
import { LANGUAGES, type Language } from './language';
import { readAddress, type ServiceUrls } from './page-reads';
import { AHEAD, pageName } from './pages';
import { answerPrints, shownHeaders } from './answer-prints';
import { countsStale } from './page-html';
import type { PageRendering, ReadAnswer } from './rendered-page';
import { RenderAgain } from './render-again';

interface Page {
  address: string;
  language: Language;
}

interface Wanted extends Page {
  /** not rendered before this time (ms since the epoch): a page whose data keeps changing waits */
  notBefore: number;
}

interface Kept extends Page {
  /** each API read the page was rendered from, with what it answered then */
  reads: Map<string, ReadAnswer>;
  renderedAt: number;
  /** served marked: the counts of units left it shows have changed since (answer-prints.ts) */
  countsStale?: true;
}

/** How a read answers now against what a page was rendered from (answer-prints.ts). */
type Since = 'same' | 'counts changed' | 'changed';

/** How many pages not rendered ahead are kept at most (the oldest goes), and waiting at most. */
const KEPT_AT_MOST = 48;
const WAITING_AT_MOST = 16;
/** Pages asked for but not rendered ahead are rendered from their second asking. */
const ASKINGS_BEFORE_RENDER = 2;

const gzipped = promisify(gzip);

/**
 * The rendered pages nginx serves as files, `<folder>/<language>/<name>.html`, so a shopper never
 * waits for a render: home and the static pages are rendered ahead in every language; another page
 * is rendered once it has been asked for twice (nginx asks on a miss, and serves the client-rendered
 * app meanwhile). A page whose code or data changed is taken away at once (nginx then serves the
 * client-rendered app, never a page with yesterday's price) and rendered again in the background
 * (later while its data keeps changing: RenderAgain). One whose data changed only in its counts of
 * units left, which change with every order, is served on, marked for the shell to read its answers
 * again as it hydrates, until it has been rendered again: the products shoppers are ordering keep a
 * rendered page, which they lost for minutes at a time when it was taken away.
 * `checkFreshness` compares the shell's index.html, the runtime manifest and the remotes' manifests,
 * and every API read a page was rendered from, with what they answer now.
 */
export class KeptPages {
  private readonly kept = new Map<string, Kept>();
  private readonly waiting = new Map<string, Wanted>();
  private readonly askings = new Map<string, number>();
  private readonly renderAgain = new RenderAgain();
  private fileChanges: Promise<void> = Promise.resolve();
  private code: string | undefined;

  constructor(
    private readonly folder: string,
    private readonly renderer: PageRendering,
    /** the store's front door (nginx), and the services its pages' reads are asked again at */
    private readonly urls: { store: string } & ServiceUrls,
    private readonly log: Logger,
  ) {}

  /** Pages kept by an earlier run may be stale: they go, and the pages rendered ahead are asked for. */
  async start(): Promise<void> {
    await this.clear();
    this.wantAhead();
  }

  /** Every page goes (the language folders: the folder itself may be a volume nginx also mounts). */
  async clear(): Promise<void> {
    this.kept.clear();
    for (const language of LANGUAGES) await rm(path.join(this.folder, language), { recursive: true, force: true });
  }

  /** nginx found no rendered page at `address`: render it, if it is one of those kept. */
  ask(address: string, language: Language): void {
    const name = pageName(address);
    if (!name) return;
    const key = `${language}/${name}`;
    if (this.kept.has(key) || this.waiting.has(key)) return;
    const askings = (this.askings.get(key) ?? 0) + 1;
    if (this.askings.size > 1000) this.askings.clear();
    this.askings.set(key, askings);
    if ((AHEAD.includes(address) || askings >= ASKINGS_BEFORE_RENDER) && this.waiting.size < WAITING_AT_MOST)
      this.want({ address, language, notBefore: 0 });
  }

  /** Renders the page that waited longest and is due, if any (one at a time: a periodic job that
   *  never overlaps). */
  async renderNext(): Promise<void> {
    const now = Date.now();
    const [key, wanted] = [...this.waiting].find(([, page]) => page.notBefore <= now) ?? [];
    if (!key || !wanted) return;
    try {
      const { html, reads } = await this.renderer.render(wanted.address, wanted.language);
      await this.inTurn(async () => {
        await this.writePage(key, html);
        this.kept.set(key, { address: wanted.address, language: wanted.language, reads, renderedAt: now });
      });
      await this.keepFewerThanMost();
    } catch (error) {
      this.log.warn({ err: error, address: wanted.address, language: wanted.language }, 'page not rendered');
    } finally {
      this.waiting.delete(key);
      // a page that failed (an unknown product) is tried again only once asked for twice more
      this.askings.delete(key);
    }
  }

  /** Takes away the pages whose code or data changed since they were rendered, and renders them again. */
  async checkFreshness(): Promise<void> {
    const code = await this.codePrint();
    if (this.code !== undefined && code !== this.code) {
      this.log.info({ pages: this.kept.size }, "the storefront's code changed: every page is rendered again");
      await Promise.all([...this.kept.keys()].map((key) => this.stale(key)));
    }
    this.code = code;

    // each read asked once, with what it answered (pages rendered at other times may hold another answer)
    const asked = new Map<string, [string, ReadAnswer]>();
    for (const page of this.kept.values()) for (const [read, answer] of page.reads) asked.set(askedKey(read, answer), [read, answer]);
    const since = new Map(
      await Promise.all([...asked].map(async ([key, [read, answer]]) => [key, await this.answersSince(read, answer)] as const)),
    );
    for (const [key, page] of this.kept) {
      const sinceRender = [...page.reads].map(([read, answer]) => [read, since.get(askedKey(read, answer))] as const);
      const changed = sinceRender.find(([, readSince]) => readSince === 'changed');
      if (changed) {
        this.log.info(
          { address: page.address, language: page.language, read: changed[0] },
          'the page shows data that changed: rendered again',
        );
        await this.stale(key);
      } else if (sinceRender.some(([, readSince]) => readSince === 'counts changed')) {
        await this.countsChanged(key, page);
      }
    }
    // a page rendered ahead that failed is tried again
    this.wantAhead();
  }

  private async stale(key: string): Promise<void> {
    const page = this.kept.get(key);
    if (!page) return;
    await this.forget(key);
    // in place of a render it waited for, if its counts had changed before
    this.renderAgainLater(key, page);
  }

  /** Serves the page on, marked for the shell to read its answers again, until it is rendered again
   *  as any page whose data changed is (RenderAgain). */
  private async countsChanged(key: string, page: Kept): Promise<void> {
    if (!page.countsStale) {
      await this.inTurn(async () => {
        // unless rendered again or taken away meanwhile
        if (this.kept.get(key) !== page) return;
        await this.writePage(key, countsStale(await readFile(this.fileOf(key), 'utf8')));
        page.countsStale = true;
      });
    }
    if (!this.waiting.has(key)) this.renderAgainLater(key, page);
  }

  private renderAgainLater(key: string, { address, language, renderedAt }: Kept): void {
    const kind = AHEAD.includes(address) ? 'ahead' : 'other';
    this.waiting.set(key, { address, language, notBefore: this.renderAgain.after(key, renderedAt, Date.now(), kind) });
  }

  private want({ address, language, notBefore }: Wanted): void {
    const key = `${language}/${pageName(address)!}`;
    if (!this.kept.has(key) && !this.waiting.has(key)) this.waiting.set(key, { address, language, notBefore });
  }

  private wantAhead(): void {
    for (const language of LANGUAGES) for (const address of AHEAD) this.want({ address, language, notBefore: 0 });
  }

  private async keepFewerThanMost(): Promise<void> {
    const others = [...this.kept].filter(([, page]) => !AHEAD.includes(page.address));
    for (const [key] of others.slice(0, Math.max(0, others.length - KEPT_AT_MOST))) await this.forget(key);
  }

  private async forget(key: string): Promise<void> {
    this.kept.delete(key);
    await this.inTurn(async () => {
      await rm(this.fileOf(key), { force: true });
      await rm(`${this.fileOf(key)}.gz`, { force: true });
    });
  }

  /** Runs `change` of the files once every change asked before has ended: the renders and the
   *  freshness checks, two jobs, may otherwise write the same page at once. */
  private inTurn(change: () => Promise<void>): Promise<void> {
    const turn = this.fileChanges.then(change);
    this.fileChanges = turn.catch(() => undefined);
    return turn;
  }

  /** Writes the page with its gzip beside it, which nginx serves as it is; each written aside, then
   *  renamed: nginx never serves half a page. */
  private async writePage(key: string, html: string): Promise<void> {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    for (const [name, bytes] of [
      [`${file}.gz`, await gzipped(html, { level: 9 })],
      [file, html],
    ] as const) {
      await writeFile(`${name}.tmp`, bytes);
      await rename(`${name}.tmp`, name);
    }
  }

  private fileOf(key: string): string {
    return path.join(this.folder, `${key}.html`);
  }

  /** The shell's index.html, the runtime manifest and each remote's manifest, in short. */
  private async codePrint(): Promise<string> {
    const hash = createHash('sha256');
    const text = async (address: string) => {
      const answer = await request(new URL(address, this.urls.store), { signal: AbortSignal.timeout(5_000) });
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        throw new Error(`${address} answered ${answer.statusCode}`);
      }
      return answer.body.text();
    };
    const [shell, remotes] = await Promise.all([text('/index.html'), text('/mf-remotes.json')]);
    const manifests = await Promise.all(Object.values(JSON.parse(remotes) as Record<string, string>).map(text));
    for (const part of [shell, remotes, ...manifests]) hash.update(part).update('\0');
    return hash.digest('base64url');
  }

  /** How the read answers now against what it answered when the page was rendered (asked at its
   *  service where the renderer knows it: `readAddress`). Asked with the ETag it had (a hash of the
   *  body, and of a list's headers): a 304 says the answer is the same, without sending it. */
  private async answersSince(read: string, { print, lasting, etag }: ReadAnswer): Promise<Since> {
    const answer = await request(readAddress(read, this.urls.store, this.urls), {
      headers: etag ? { 'if-none-match': etag } : {},
      signal: AbortSignal.timeout(5_000),
    });
    if (answer.statusCode === 304) {
      await answer.body.dump();
      return 'same';
    }
    const now = answerPrints(answer.statusCode, new Uint8Array(await answer.body.arrayBuffer()), shownHeaders(read, answer.headers));
    if (now.print === print) return 'same';
    return now.lasting === lasting ? 'counts changed' : 'changed';
  }
}

const askedKey = (read: string, { print, etag }: ReadAnswer) => `${read} ${etag ?? ''} ${print}`;
