// nginx refuses a body over its limit (client_max_body_size) before the gateway or the media service
// sees it; the refusal must read like every other API refusal: JSON with an `error`, not nginx's page.
import { ACCOUNTS, signIn, stackEnv } from '@bazar/testing';

it('answers a 7 MB upload through nginx with a JSON 413', async () => {
  const token = await signIn(ACCOUNTS.shopper.email, ACCOUNTS.shopper.password);
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(7 * 1024 * 1024)], { type: 'image/png' }), 'huge.png');

  const response = await fetch(`${stackEnv.webUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });

  expect(response.status).toBe(413);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(await response.json()).toEqual({ error: 'The upload is larger than 5 MB', code: 'image-too-large', limit: 5 });
});
