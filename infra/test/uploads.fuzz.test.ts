// Hostile uploads through the gateway (POST /upload as an admin, whose uploads are not counted a day as
// a shopper's are): every kind the media
// service refuses (SVG, HTML, GIF, truncated PNG and JPEG, a header claiming a huge canvas, an empty
// file, the wrong form field, over 5 MB) and polyglots, files that are an image and something else
// at once: a PNG, JPEG or WebP with a script or an HTML page appended, a script in a PNG text chunk
// or in JPEG EXIF, a GIF that is also an HTML page, HTML behind a PNG or JPEG signature. Each is
// either refused (4xx, JSON, and nothing stored: no document in any database, no file) or accepted
// and re-encoded: the stored file is a WebP without the payload's bytes, served by nginx as
// image/webp with nosniff. Then fast-check hides random payloads in random small images.
// Runs alone (BAZAR_TEST_PHASE=alone): it compares every database before and after each upload.
import { readdir } from 'node:fs/promises';
import { ErrorAnswer, MAX_UPLOAD_BYTES, UploadAnswer } from '@bazar/contracts';
import { z } from 'zod';
import { stackEnv } from '@bazar/testing';
import fc from 'fast-check';
import sharp from 'sharp';
import { picture } from '@bazar/testing/pictures';
import { stackPath } from '../stack/paths.ts';
import { fuzzCallers } from './fuzz/callers.ts';
import { databaseChanges, databaseSnapshot, settledDatabaseSnapshot, startStoreClock, storeOwnWork } from './fuzz/databases.ts';
import { pngChunk, pngClaiming, withChunk } from './fuzz/png-chunks.ts';
import { forgetRateLimits } from './fuzz/rate-limits.ts';
import { strangeText } from './fuzz/values.ts';
import type { Callers } from './fuzz/wire.ts';

const MEDIA_DIR = process.env.MEDIA_DIR ?? stackPath('media');
const MARKER = 'bazar-polyglot';
const SCRIPT = `<script>alert("${MARKER}")</script>`;
const HTML = `<!doctype html><html><body><h1>${MARKER}</h1>${SCRIPT}</body></html>`;
/** what must never reach a stored file */
const PAYLOAD_TRACES = ['<script', '<html', '<svg', 'alert(', MARKER];
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

jest.setTimeout(120_000);

interface Hostile {
  name: string;
  bytes: () => Promise<Buffer>;
  field?: string;
  type?: string;
  fileName?: string;
}

const half = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));
const HOSTILE: Hostile[] = [
  {
    name: 'an SVG with a script',
    bytes: async () => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`),
    type: 'image/svg+xml',
    fileName: 'logo.svg',
  },
  { name: 'an HTML page named .png', bytes: async () => Buffer.from(HTML) },
  { name: 'a GIF', bytes: () => picture(40, 40, 'gif'), type: 'image/gif', fileName: 'a.gif' },
  {
    name: 'a GIF with an HTML page appended',
    bytes: async () => Buffer.concat([await picture(40, 40, 'gif'), Buffer.from(HTML)]),
    type: 'image/gif',
  },
  { name: 'an HTML page that starts as a GIF', bytes: async () => Buffer.from(`GIF89a/*${HTML}*/`), type: 'image/gif' },
  { name: 'a truncated PNG', bytes: async () => half(await picture(400, 400, 'png')) },
  { name: 'a truncated JPEG', bytes: async () => half(await picture(400, 400, 'jpeg')), type: 'image/jpeg' },
  { name: 'a PNG header claiming 60000×60000 pixels', bytes: async () => pngClaiming(60_000, 60_000) },
  { name: 'an HTML page behind the PNG signature', bytes: async () => Buffer.concat([PNG_SIGNATURE, Buffer.from(HTML)]) },
  {
    name: 'an HTML page behind the JPEG signature',
    bytes: async () => Buffer.concat([JPEG_SIGNATURE, Buffer.from(HTML)]),
    type: 'image/jpeg',
  },
  { name: 'an empty file', bytes: async () => Buffer.alloc(0) },
  { name: 'a PNG in the wrong form field', bytes: () => picture(20, 20, 'png'), field: 'photo' },
  {
    name: 'a PNG over 5 MB',
    bytes: async () => {
      const png = await picture(10, 10, 'png');
      return Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length, 7)]);
    },
  },
  { name: 'a PNG with a script appended', bytes: async () => Buffer.concat([await picture(80, 80, 'png'), Buffer.from(SCRIPT)]) },
  {
    name: 'a JPEG with an HTML page appended',
    bytes: async () => Buffer.concat([await picture(80, 80, 'jpeg'), Buffer.from(HTML)]),
    type: 'image/jpeg',
  },
  {
    name: 'a WebP with a script appended',
    bytes: async () => Buffer.concat([await picture(80, 80, 'webp'), Buffer.from(SCRIPT)]),
    type: 'image/webp',
  },
  {
    name: 'a PNG with a script in a text chunk',
    bytes: async () => withChunk(await picture(80, 80, 'png'), pngChunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1'))),
  },
  {
    name: 'a JPEG with a script in its EXIF',
    bytes: async () =>
      sharp(await picture(80, 80, 'jpeg'))
        .withExif({ IFD0: { ImageDescription: HTML } })
        .jpeg()
        .toBuffer(),
    type: 'image/jpeg',
  },
];

let callers: Callers;
let address = 0;
const outcomes: string[] = [];

beforeAll(async () => {
  callers = await fuzzCallers();
  await forgetRateLimits();
});
afterAll(() => console.log(`hostile uploads:\n${outcomes.join('\n')}`));

async function upload(bytes: Buffer, { field = 'image', type = 'image/png', fileName = 'photo.png' } = {}) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), fileName);
  address = (address + 1) % 65_536;
  const response = await fetch(`${stackEnv.gatewayUrl}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await callers.tokenOf('admin')}`, 'x-forwarded-for': `198.18.${address >> 8}.${address & 255}` },
    body: form,
  });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as unknown };
}

/** The stored file as nginx serves it: a WebP, said to be one, with no trace of the payload. */
async function expectCleanWebp(displayUrl: string): Promise<void> {
  const response = await fetch(`${stackEnv.webUrl}${displayUrl}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  expect({
    status: response.status,
    type: response.headers.get('content-type'),
    nosniff: response.headers.get('x-content-type-options'),
    format: (await sharp(bytes).metadata()).format,
    traces: PAYLOAD_TRACES.filter((trace) => bytes.includes(trace)),
  }).toEqual({ status: 200, type: 'image/webp', nosniff: 'nosniff', format: 'webp', traces: [] });
}

/** A refused upload: its words and code, and for an image too large the limit (in MB) it broke. */
const RefusedUpload = ErrorAnswer.extend({ limit: z.number().int().positive().optional() }).strict();

/** What an answer may be: a refusal in JSON, or the URL of a clean WebP. Answers which it was. */
async function expectRefusedOrClean(answer: Awaited<ReturnType<typeof upload>>): Promise<'refused' | 'accepted'> {
  if (answer.status !== 200) {
    expect({ status: [400, 413].includes(answer.status), type: answer.type }).toEqual({
      status: true,
      type: 'application/json; charset=utf-8',
    });
    RefusedUpload.parse(answer.body);
    return 'refused';
  }
  await expectCleanWebp(UploadAnswer.parse(answer.body).data.display_url);
  return 'accepted';
}

const onlyNewUploads = (changes: string[]) => changes.filter((change) => !/^media\.uploads: 1 added \([0-9a-f]{24}\)$/.test(change));

it.each(HOSTILE)('$name: refused and nothing stored, or stored only as a clean WebP', async (hostile) => {
  const clock = await startStoreClock();
  const [before, filesBefore] = [await settledDatabaseSnapshot(), await readdir(MEDIA_DIR)];
  const answer = await upload(await hostile.bytes(), hostile);
  const outcome = await expectRefusedOrClean(answer);
  const changes = databaseChanges(before, await databaseSnapshot(), await storeOwnWork(clock));
  if (outcome === 'refused') {
    expect({ changes, newFiles: (await readdir(MEDIA_DIR)).filter((file) => !filesBefore.includes(file)) }).toEqual({
      changes: [],
      newFiles: [],
    });
  } else {
    expect(onlyNewUploads(changes)).toEqual([]);
  }
  outcomes.push(
    `  ${hostile.name}: ${outcome === 'refused' ? `refused ${answer.status} ${JSON.stringify(answer.body)}` : 'accepted, stored as a clean WebP'}`,
  );
});

it('hides no payload in a stored file, wherever a generated one rides in a generated image', async () => {
  const payload = fc.oneof(
    fc.constantFrom(SCRIPT, HTML, `<svg onload="alert('${MARKER}')">`),
    strangeText().map((text) => `<script>${text}</script>${MARKER}`),
  );
  const hiding = fc.record({
    format: fc.constantFrom('png' as const, 'jpeg' as const, 'webp' as const),
    width: fc.integer({ min: 1, max: 64 }),
    height: fc.integer({ min: 1, max: 64 }),
    payload,
    where: fc.constantFrom('appended', 'prepended', 'in the middle', 'in a PNG text chunk', 'in EXIF'),
  });
  const clock = await startStoreClock();
  const before = await settledDatabaseSnapshot();
  await fc.assert(
    fc.asyncProperty(hiding, async ({ format, width, height, payload: text, where }) => {
      const image = await picture(width, height, format);
      const payloadBytes = Buffer.from(text);
      const middle = Math.floor(image.length / 2);
      const bytes = {
        appended: () => Buffer.concat([image, payloadBytes]),
        prepended: () => Buffer.concat([payloadBytes, image]),
        'in the middle': () => Buffer.concat([image.subarray(0, middle), payloadBytes, image.subarray(middle)]),
        'in a PNG text chunk': () =>
          format === 'png'
            ? withChunk(image, pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), payloadBytes])))
            : Buffer.concat([image, payloadBytes]),
        'in EXIF': () => Buffer.concat([image, payloadBytes]),
      }[where]();
      const withExif =
        where === 'in EXIF'
          ? await sharp(image)
              .withExif({ IFD0: { ImageDescription: text } })
              .toBuffer()
          : bytes;
      await expectRefusedOrClean(await upload(withExif, { type: `image/${format}` }));
    }),
    { numRuns: 40 },
  );
  // accepted uploads add their records, and nothing else changes
  const changes = databaseChanges(before, await databaseSnapshot(), await storeOwnWork(clock));
  expect(changes.filter((change) => !change.startsWith('media.uploads: ') || /removed|changed/.test(change))).toEqual([]);
});
