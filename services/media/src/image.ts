import sharp from 'sharp';

/** The largest side of the main stored image (the URL an upload answers, `img` of a product). */
const MAX_SIDE = 800;
/** Refuses decompression bombs: a small file that claims a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;
/** The widths of the variants made beside each image, for the storefront's `srcset` (see the
 *  README's "Picture variants"). A picture narrower than a width is not enlarged: its variant of
 *  that width is the picture at its own width. */
export const VARIANT_WIDTHS = [160, 320, 640, 1024] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
/** Variants are cut from the decoded picture at most this wide and this tall. */
const VARIANT_MAX = { width: Math.max(...VARIANT_WIDTHS), height: 4 * Math.max(...VARIANT_WIDTHS) };
/** AVIF at effort 2: about a tenth of the default's encoding time here, nearly its size. */
const AVIF = { quality: 55, effort: 2 } as const;
const WEBP = { quality: 80 } as const;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** One width of an image: always a WebP, and an AVIF only when it came out smaller. */
export interface Variant {
  width: VariantWidth;
  webp: Buffer;
  avif?: Buffer;
}

export interface Encoded {
  /** the main image, at most 800 px a side */
  main: Buffer;
  variants: Variant[];
}

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/** The kind of image by its first bytes (magic numbers); the file name and Content-Type are the
 *  sender's word, not evidence. */
export function imageKindOf(bytes: Buffer): ImageKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** Decodes the image once (upright, at most 1024 px wide) into raw pixels, from which every
 *  output is encoded: whatever rode along in the original (metadata, trailing bytes, a second
 *  format) is left behind. A damaged or truncated file makes the decoder fail ('warning' turns
 *  libjpeg's "premature end" into an error). */
async function decode(bytes: Buffer, failOnWarning: boolean) {
  const { data, info } = await sharp(bytes, { failOn: failOnWarning ? 'warning' : 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ ...VARIANT_MAX, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return () => sharp(data, { raw });
}

/** The variants of one decoded picture, one width after another (an AVIF is dropped when the
 *  WebP of the same width is no larger). */
async function variantsOf(pixels: () => sharp.Sharp): Promise<Variant[]> {
  const variants: Variant[] = [];
  for (const width of VARIANT_WIDTHS) {
    const resized = () => pixels().resize({ width, withoutEnlargement: true });
    const webp = await resized().webp(WEBP).toBuffer();
    const avif = await resized().avif(AVIF).toBuffer();
    variants.push(avif.length < webp.length ? { width, webp, avif } : { width, webp });
  }
  return variants;
}

/** An upload: a fresh WebP of at most 800x800 (the main image) and its width variants. */
export async function reencode(bytes: Buffer): Promise<Encoded> {
  const pixels = await decode(bytes, true);
  const main = await pixels().resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  return { main, variants: await variantsOf(pixels) };
}

/** The variants of a main image already stored (one stored before variants were made). */
export async function variantsOfStored(main: Buffer): Promise<Variant[]> {
  return variantsOf(await decode(main, false));
}
