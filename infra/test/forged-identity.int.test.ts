// A service believes who is signed in only from the gateway (issue 18). In docker compose every
// service listens on the compose network, where any container could send it `x-user-*` headers:
// there it takes them only beside the installation's BAZAR_GATEWAY_SECRET, which only the gateway
// sends (packages/service-kit/src/http/identity.ts). A media service is started here as compose
// runs it (the stack's own, on loopback, needs no secret), beside the stack's, on its databases.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IDENTITY_HEADERS } from '@bazar/contracts';
import { GATEWAY_SECRET_HEADER } from '@bazar/service-kit';
import { freePort, startServiceReplica } from '@bazar/testing';

const forgedAdmin = { [IDENTITY_HEADERS.id]: 'forged', [IDENTITY_HEADERS.email]: 'admin@bazar.test', [IDENTITY_HEADERS.role]: 'admin' };
const fromGatewayOnly = { error: 'Who is signed in is taken from the gateway only' };

/** A media service with the given HOST and gateway secret; stopped by the returned function. */
async function startMedia(settings: { HOST: string; BAZAR_GATEWAY_SECRET?: string }) {
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'forged-identity-media-'));
  const { url, stop } = await startServiceReplica('media', await freePort(), {
    MEDIA_DIR: mediaDir,
    MEDIA_PUBLIC_PATH: '/media/',
    ...settings,
  });
  return {
    /** an upload with no image: 400 once the caller is believed, 401 before */
    upload: async (headers: Record<string, string>) => {
      const answer = await fetch(`${url}/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      return { status: answer.status, body: (await answer.json()) as unknown };
    },
    async stop() {
      await stop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

describe('a service on the network with the gateway secret', () => {
  const secret = randomBytes(32).toString('base64url');
  let media: Awaited<ReturnType<typeof startMedia>>;
  beforeAll(async () => void (media = await startMedia({ HOST: '0.0.0.0', BAZAR_GATEWAY_SECRET: secret })));
  afterAll(() => media.stop());

  it.each([
    ['no secret', {}],
    ['a wrong secret', { [GATEWAY_SECRET_HEADER]: randomBytes(32).toString('base64url') }],
    ['the secret of another installation', { [GATEWAY_SECRET_HEADER]: `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}` }],
  ])('refuses forged identity headers with %s: 401', async (_what, extra) => {
    expect(await media.upload({ ...forgedAdmin, ...extra })).toEqual({ status: 401, body: fromGatewayOnly });
  });

  it('believes them beside the secret, as the gateway sends it', async () => {
    expect(await media.upload({ ...forgedAdmin, [GATEWAY_SECRET_HEADER]: secret })).toEqual({
      status: 400,
      body: expect.objectContaining({ error: expect.stringMatching(/multipart\/form-data/) }),
    });
  });
});

it('a service on the network without a secret believes nobody', async () => {
  const media = await startMedia({ HOST: '0.0.0.0' });
  try {
    expect(await media.upload(forgedAdmin)).toEqual({ status: 401, body: fromGatewayOnly });
  } finally {
    await media.stop();
  }
});
