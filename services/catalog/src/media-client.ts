import { IDENTITY_TOKEN, UPLOAD_FIELD, UploadAnswer } from '@bazar/contracts';
import { IdentitySigner, identitySigningKey } from '@bazar/service-kit/http';

/** Who the seed is to the media service: an admin of its own (it stores the catalog's pictures,
 *  which the media service counts for no admin), stated in an identity token the
 *  seed signs with the installation's key (BAZAR_IDENTITY_SIGNING_KEY, given to the seed as to the
 *  gateway: the media service believes no identity without it). The seed is an operator's tool run
 *  beside the stack, never the catalog service, which holds only the public key. */
function seedIdentity(): Record<string, string> {
  const key = process.env.BAZAR_IDENTITY_SIGNING_KEY;
  if (!key) throw new Error('BAZAR_IDENTITY_SIGNING_KEY is not set: the seed signs its uploads with the installation key');
  const claims = {
    sub: 'system:catalog-seed',
    email: 'catalog-seed@bazar.test',
    name: 'Catalog seed',
    role: 'admin',
    email_verified: true,
  } as const;
  return { [IDENTITY_TOKEN.header]: new IdentitySigner(identitySigningKey(key)).sign(claims, 'media') };
}

/** Uploads one picture through the media service's own API (its byte checks and re-encoding
 *  apply as for any upload) and answers the stored image's URL. */
export async function uploadPicture(mediaUrl: string, picture: Buffer, fileName: string): Promise<string> {
  const form = new FormData();
  form.append(UPLOAD_FIELD, new Blob([new Uint8Array(picture)], { type: 'image/png' }), fileName);
  const response = await fetch(`${mediaUrl}/upload`, {
    method: 'POST',
    headers: seedIdentity(),
    body: form,
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`the media service refused ${fileName}: ${response.status} ${await response.text()}`);
  return UploadAnswer.parse(await response.json()).data.display_url;
}
