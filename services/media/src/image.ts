import sharp from 'sharp';

/** The largest side of a stored image; product cards and the detail page never show more. */
const MAX_SIDE = 800;
/** Refuses decompression bombs: a small file that claims a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

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

/** Decodes the image and encodes a fresh WebP of at most 800x800: whatever rode along in the
 *  original (metadata, trailing bytes, a second format) is left behind. A damaged or truncated
 *  file makes the decoder fail ('warning' turns libjpeg's "premature end" into an error). */
export async function reencode(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}
