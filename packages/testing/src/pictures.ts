// Images for the upload tests, made here with sharp.
import sharp from 'sharp';

/** An orange picture with a green circle. */
export const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 180, b: 40 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="green"/></svg>`,
        ),
      },
    ])
    .toFormat(format)
    .toBuffer();
