import sharp from 'sharp';

const SIDE = 640;
const EMOJI_SIDE = 400;
/** Soft backgrounds, one after another down the catalog, so neighbouring cards differ. */
const BACKGROUNDS = ['#fef3c7', '#dcfce7', '#e0f2fe', '#fce7f3', '#ede9fe', '#ffedd5', '#ecfccb', '#ccfbf1'];

/** A product picture: one Fluent emoji (MIT, Microsoft) on a soft coloured square, as a PNG. */
export async function emojiPicture(emoji: string, position: number): Promise<Buffer> {
  // the set is a 100 MB JSON file: read only when a picture is actually needed
  const { icons } = await import('@iconify-json/fluent-emoji');
  const icon = icons.icons[emoji];
  if (!icon) throw new Error(`@iconify-json/fluent-emoji has no emoji named '${emoji}'`);
  const width = icon.width ?? icons.width ?? 32;
  const height = icon.height ?? icons.height ?? 32;
  const background = BACKGROUNDS[position % BACKGROUNDS.length];
  const offset = (SIDE - EMOJI_SIDE) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
    <rect width="${SIDE}" height="${SIDE}" fill="${background}"/>
    <circle cx="${SIDE / 2}" cy="${SIDE / 2}" r="${SIDE * 0.4}" fill="#ffffff" fill-opacity="0.55"/>
    <svg x="${offset}" y="${offset}" width="${EMOJI_SIDE}" height="${EMOJI_SIDE}" viewBox="0 0 ${width} ${height}">${icon.body}</svg>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
