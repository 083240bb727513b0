import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VARIANT_WIDTHS, type Variant } from './image';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** The file names of one image's variant of one width (see the README's "Picture variants"). */
export const variantFileName = (hash: string, width: number, format: 'webp' | 'avif') => `${hash}-${width}.${format}`;
const MAIN_FILE = /^([0-9a-f]{64})\.webp$/;
/** The variant written last: its presence says the image's variants are all there. */
const LAST_VARIANT = Math.max(...VARIANT_WIDTHS);

/** Images on disk under the sha256 of their bytes: a name never changes its content, which is
 *  what lets nginx serve them with year-long cache headers. An image's width variants are named
 *  after it (`<hash>-<width>.webp`, `.avif`) and written before it, never rewritten. */
export class ImageStore {
  constructor(private readonly dir: string) {}

  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Stores the main image and its variants (once) and answers the main image's file name. The
   *  variants go first, so an image whose URL was answered has them all. */
  async put(main: Buffer, variants: Variant[]): Promise<{ hash: string; fileName: string }> {
    const hash = createHash('sha256').update(main).digest('hex');
    const fileName = `${hash}.webp`;
    await this.putVariants(hash, variants);
    await this.write(fileName, main);
    return { hash, fileName };
  }

  async putVariants(hash: string, variants: Variant[]): Promise<void> {
    // the widest last: see LAST_VARIANT
    for (const { width, webp, avif } of [...variants].sort((a, b) => a.width - b.width)) {
      if (avif) await this.write(variantFileName(hash, width, 'avif'), avif);
      await this.write(variantFileName(hash, width, 'webp'), webp);
    }
  }

  /** The hashes of stored images without their variants (stored before variants were made, or
   *  cut short), with a way to read each one's bytes. */
  async *withoutVariants(): AsyncGenerator<{ hash: string; read: () => Promise<Buffer> }> {
    for (const name of await readdir(this.dir)) {
      const hash = MAIN_FILE.exec(name)?.[1];
      if (!hash || (await exists(join(this.dir, variantFileName(hash, LAST_VARIANT, 'webp'))))) continue;
      yield { hash, read: () => readFile(join(this.dir, name)) };
    }
  }

  /** Writes a file once: one that is there is kept. It appears whole or not at all: it is written
   *  beside its final name and renamed into place. */
  private async write(fileName: string, bytes: Buffer): Promise<void> {
    const target = join(this.dir, fileName);
    if (await exists(target)) return;
    const partial = join(this.dir, `.${fileName}.${randomUUID()}.part`);
    try {
      await writeFile(partial, bytes);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
  }
}
