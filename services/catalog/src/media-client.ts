import { UPLOAD_FIELD, UploadAnswer } from '@bazar/contracts';
import { identityHeadersOf, type RequestUser } from '@bazar/service-kit';

/** Who the seed is to the media service: a system identity sent on the internal network, the way
 *  the gateway forwards a verified user. The gateway strips these headers from every client
 *  request, so no one outside can claim it. */
const SEED_IDENTITY: RequestUser = {
  id: 'system:catalog-seed',
  email: 'catalog-seed@bazar.test',
  name: 'Catalog seed',
  role: 'user',
  emailVerified: true,
};

/** Uploads one picture through the media service's own API (its byte checks and re-encoding
 *  apply as for any upload) and answers the stored image's URL. */
export async function uploadPicture(mediaUrl: string, picture: Buffer, fileName: string): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, new Blob([new Uint8Array(picture)], { type: 'image/png' }), fileName);
  const response = await fetch(`${mediaUrl}/upload`, {
    method: 'POST',
    headers: identityHeadersOf(SEED_IDENTITY),
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`the media service refused ${fileName}: ${response.status} ${await response.text()}`);
  return UploadAnswer.parse(await response.json()).data.display_url;
}
