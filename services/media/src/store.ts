import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Images on disk under the sha256 of their bytes: a name never changes its content, which is
 *  what lets nginx serve them with year-long cache headers. */
export class ImageStore {
  constructor(private readonly dir: string) {}

  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Stores the bytes (once) and answers their file name. The file appears whole or not at all:
   *  it is written beside its final name and renamed into place. */
  async put(webp: Buffer): Promise<{ hash: string; fileName: string }> {
    const hash = createHash('sha256').update(webp).digest('hex');
    const fileName = `${hash}.webp`;
    const target = join(this.dir, fileName);
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      return { hash, fileName };
    const partial = join(this.dir, `.${fileName}.${randomUUID()}.part`);
    try {
      await writeFile(partial, webp);
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
    return { hash, fileName };
  }
}
