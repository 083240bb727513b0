// POST /upload against the running media service (through the gateway for sign-in, and directly
// with a one-off identity where a test needs to see what was recorded), the real document store
// and the files nginx serves. Every image is made with sharp (@bazar/testing/pictures). The tests
// upload as an admin, whose uploads are not counted a day; a shopper's are (the last test).
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES, UploadAnswer } from '@bazar/contracts';
import { identityOf } from '@bazar/testing/identity';
import { ACCOUNTS, createAccount, signedInAndSynced, stackEnv } from '@bazar/testing';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { picture } from '@bazar/testing/pictures';

const MEDIA_URL = process.env.MEDIA_URL ?? 'http://127.0.0.1:4005';
const MEDIA_DIR = process.env.MEDIA_DIR ?? join(__dirname, '..', '..', '..', '.stack', 'media');

let adminToken: string;
const tester = { id: `upload-test-${randomUUID()}`, email: 'upload-test@bazar.test', role: 'admin' } as const;

beforeAll(async () => {
  adminToken = await signedInAndSynced(ACCOUNTS.admin);
  await mongoose.connect(stackEnv.mongoUrl, { dbName: 'media', serverSelectionTimeoutMS: 5_000 });
});
afterAll(async () => {
  await mongoose.connection.collection('uploads').deleteMany({ owner: tester.id });
  await mongoose.disconnect();
});

const form = (bytes: Buffer, { field = 'image', name = 'photo.png', type = 'image/png' } = {}) => {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return body;
};

async function uploadAs(token: string, body: FormData | undefined) {
  const response = await fetch(`${stackEnv.gatewayUrl}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const uploadAsAdmin = (body: FormData) => uploadAs(adminToken, body);

async function uploadAsTester(body: FormData) {
  const response = await fetch(`${MEDIA_URL}/upload`, {
    method: 'POST',
    headers: identityOf(tester),
    body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** The stored file as nginx serves it. */
async function served(displayUrl: string) {
  const response = await fetch(`${stackEnv.webUrl}${displayUrl}`);
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

it('stores a PNG as a resized WebP under its content hash, served by nginx for a year', async () => {
  const { status, body } = await uploadAsAdmin(form(await picture(2000, 1000, 'png')));
  expect(status).toBe(200);
  const url = UploadAnswer.parse(body).data.display_url;
  expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);

  const file = await served(url);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('image/webp');
  expect(file.headers.get('cache-control')).toContain('immutable');
  const stored = await sharp(file.bytes).metadata();
  expect([stored.format, stored.width, stored.height]).toEqual(['webp', 800, 400]);
});

describe("width variants for the storefront's srcset", () => {
  const WIDTHS = [160, 320, 640, 1024];
  const variantUrl = (displayUrl: string, width: number) => displayUrl.replace(/\.webp$/, `-${width}.webp`);
  /** A variant as nginx serves it to a browser that takes AVIF, or one that takes WebP only. */
  const servedAs = async (url: string, accept: string) => {
    const response = await fetch(`${stackEnv.webUrl}${url}`, { headers: { accept } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const AVIF_BROWSER = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
  const WEBP_BROWSER = 'image/webp,image/*,*/*;q=0.8';

  it('are there once the upload answers: WebP at each width, AVIF where smaller, cached for a year', async () => {
    const { status, body } = await uploadAsAdmin(form(await picture(2000, 1000, 'png')));
    expect(status).toBe(200);
    const url = UploadAnswer.parse(body).data.display_url;
    const hash = /([0-9a-f]{64})\.webp$/.exec(url)![1]!;
    const avifs: number[] = [];
    for (const width of WIDTHS) {
      const webp = await servedAs(variantUrl(url, width), WEBP_BROWSER);
      expect([webp.status, webp.headers.get('content-type')]).toEqual([200, 'image/webp']);
      expect(webp.headers.get('cache-control')).toContain('immutable');
      expect(webp.headers.get('vary')).toBe('Accept');
      const decoded = await sharp(webp.bytes).metadata();
      expect([decoded.format, decoded.width, decoded.height]).toEqual(['webp', width, width / 2]);

      const best = await servedAs(variantUrl(url, width), AVIF_BROWSER);
      expect(best.status).toBe(200);
      const avifOnDisk = (await readdir(MEDIA_DIR)).includes(`${hash}-${width}.avif`);
      if (avifOnDisk) {
        avifs.push(width);
        expect(best.headers.get('content-type')).toBe('image/avif');
        const avif = await sharp(best.bytes).metadata();
        expect([avif.format, avif.compression, avif.width, avif.height]).toEqual(['heif', 'av1', width, width / 2]);
        expect(best.bytes.length).toBeLessThan(webp.bytes.length);
      } else expect(best.bytes.equals(webp.bytes)).toBe(true);
    }
    // a flat picture like this one is smaller in AVIF, at least in the larger widths
    expect(avifs).toContain(1024);
  });

  it('never enlarge a narrow picture', async () => {
    const { body } = await uploadAsAdmin(form(await picture(300, 300, 'png')));
    const url = UploadAnswer.parse(body).data.display_url;
    for (const [width, expected] of [
      [160, 160],
      [320, 300],
      [1024, 300],
    ] as const) {
      const variant = await servedAs(variantUrl(url, width), WEBP_BROWSER);
      expect((await sharp(variant.bytes).metadata()).width).toBe(expected);
    }
    expect((await servedAs(`/media/${'0'.repeat(64)}-320.webp`, WEBP_BROWSER)).status).toBe(404);
  });

  it('of an image stored before variants existed are answered with the image itself until made', async () => {
    // stored the old way, as nothing but the main file (the service makes the missing variants at its next start)
    const hash = randomBytes(32).toString('hex');
    const main = await sharp(await picture(200, 100, 'png'))
      .webp()
      .toBuffer();
    await writeFile(join(MEDIA_DIR, `${hash}.webp`), main);
    try {
      const answer = await servedAs(`/media/${hash}-640.webp`, AVIF_BROWSER);
      expect([answer.status, answer.headers.get('content-type')]).toEqual([200, 'image/webp']);
      expect(answer.bytes.equals(main)).toBe(true);
    } finally {
      await rm(join(MEDIA_DIR, `${hash}.webp`));
    }
  });
});

it('accepts JPEG and WebP, strips metadata, and names identical results identically', async () => {
  const jpeg = await sharp(await picture(300, 200, 'jpeg'))
    .withExif({ IFD0: { Copyright: 'secret-owner' } })
    .jpeg()
    .toBuffer();
  expect((await sharp(jpeg).metadata()).exif).toBeDefined();
  const first = UploadAnswer.parse((await uploadAsTester(form(jpeg, { name: 'a.jpg', type: 'image/jpeg' }))).body).data.display_url;
  const again = UploadAnswer.parse((await uploadAsTester(form(jpeg, { name: 'b.jpg', type: 'image/jpeg' }))).body).data.display_url;
  expect(again).toBe(first);
  const file = await served(first);
  expect((await sharp(file.bytes).metadata()).exif).toBeUndefined();
  expect(file.bytes.includes('secret-owner')).toBe(false);
  expect(await mongoose.connection.collection('uploads').countDocuments({ owner: tester.id })).toBe(1);

  const webp = await uploadAsTester(form(await picture(120, 90, 'webp'), { name: 'c.webp', type: 'image/webp' }));
  expect(webp.status).toBe(200);
});

it('judges the bytes, not the name or Content-Type', async () => {
  const png = await picture(64, 64, 'png');
  expect((await uploadAsTester(form(png, { name: 'notes.txt', type: 'text/plain' }))).status).toBe(200);
  const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
  expect(await uploadAsTester(form(html, { name: 'cat.png', type: 'image/png' }))).toEqual({
    status: 400,
    body: { error: 'Only JPEG, PNG or WebP images are accepted', code: 'image-type-not-accepted' },
  });
});

it('re-encodes a PNG carrying a script after its end, so the script is not stored', async () => {
  const polyglot = Buffer.concat([await picture(80, 80, 'png'), Buffer.from('<script>alert("owned")</script>')]);
  const { status, body } = await uploadAsTester(form(polyglot));
  expect(status).toBe(200);
  const file = await served(UploadAnswer.parse(body).data.display_url);
  expect(file.bytes.subarray(0, 4).toString()).toBe('RIFF');
  expect(file.bytes.includes('<script')).toBe(false);
});

describe('refusals store nothing', () => {
  afterAll(async () => expect((await readdir(MEDIA_DIR)).filter((name) => name.endsWith('.part'))).toEqual([]));

  const refusedCount = async (attempt: () => Promise<unknown>) => {
    const owner = `refusal-${randomUUID()}`;
    const response = await fetch(`${MEDIA_URL}/upload`, {
      method: 'POST',
      headers: identityOf({ id: owner, email: tester.email }),
      body: (await attempt()) as FormData,
    });
    const answer = { status: response.status, body: (await response.json()) as unknown };
    expect(await mongoose.connection.collection('uploads').countDocuments({ owner })).toBe(0);
    return answer;
  };

  it('refuses SVG and HTML', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await refusedCount(async () => form(svg, { name: 'logo.svg', type: 'image/svg+xml' }))).toEqual({
      status: 400,
      body: { error: 'Only JPEG, PNG or WebP images are accepted', code: 'image-type-not-accepted' },
    });
    expect(
      await refusedCount(async () => form(Buffer.from('<html><body>hi</body></html>'), { name: 'x.html', type: 'text/html' })),
    ).toEqual({
      status: 400,
      body: { error: 'Only JPEG, PNG or WebP images are accepted', code: 'image-type-not-accepted' },
    });
  });

  it('refuses truncated PNG and JPEG files', async () => {
    const png = await picture(400, 400, 'png');
    expect(await refusedCount(async () => form(png.subarray(0, Math.floor(png.length / 2))))).toEqual({
      status: 400,
      body: { error: 'The PNG image is damaged or incomplete', code: 'image-damaged' },
    });
    const jpeg = await picture(400, 400, 'jpeg');
    expect(await refusedCount(async () => form(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { type: 'image/jpeg' }))).toEqual({
      status: 400,
      body: { error: 'The JPEG image is damaged or incomplete', code: 'image-damaged' },
    });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const header = await picture(10, 10, 'png');
    const big = Buffer.concat([header, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - header.length, 7)]);
    expect(await refusedCount(async () => form(big))).toEqual({
      status: 413,
      body: { error: 'The image is larger than 5 MB', code: 'image-too-large', limit: 5 },
    });
  });

  it('refuses a field beside the image, naming it', async () => {
    const withField = async () => {
      const body = form(await picture(10, 10, 'png'));
      body.append('role', 'admin');
      return body;
    };
    expect(await refusedCount(withField)).toEqual({
      status: 400,
      body: { error: expect.stringContaining('"role"'), code: 'invalid-request' },
    });
  });

  it('refuses a form without the image field, or no form at all', async () => {
    const png = await picture(10, 10, 'png');
    expect(await refusedCount(async () => form(png, { field: 'photo' }))).toEqual({
      status: 400,
      body: { error: "Send one image, in the form field 'image'", code: 'image-missing' },
    });
    expect(await refusedCount(async () => new FormData())).toEqual({
      status: 400,
      body: { error: "Send the image as multipart/form-data in the field 'image'", code: 'image-missing' },
    });
  });
});

it('needs a signed-in user at the gateway', async () => {
  const response = await fetch(`${stackEnv.gatewayUrl}/upload`, { method: 'POST', body: form(await picture(10, 10, 'png')) });
  expect({ status: response.status, body: await response.json() }).toEqual({
    status: 401,
    body: { error: 'Sign in first', code: 'sign-in-first' },
  });
});

it("counts a shopper's uploads a day and refuses the 11th with 429, while an admin uploads on", async () => {
  const shopper = await signedInAndSynced(await createAccount('uploadquota'));
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await uploadAs(shopper, form(await picture(40 + i, 40, 'png')))).status);
  expect(statuses).toEqual(Array<number>(10).fill(200));
  expect(await uploadAs(shopper, form(await picture(60, 40, 'png')))).toEqual({
    status: 429,
    body: { error: 'You may upload 10 images a day; try again tomorrow', code: 'upload-limit-reached', limit: 10 },
  });
  expect((await uploadAsAdmin(form(await picture(61, 40, 'png')))).status).toBe(200);
});
