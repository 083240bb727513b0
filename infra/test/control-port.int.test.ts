// The stack's control port (infra/stack/control.ts) hands out no secret and acts for nobody but a
// process that can read this run's token (issue 53 finding 2): without the token, with another
// Host (DNS rebinding) or with an Origin (a web page's request, even a no-cors POST) it refuses;
// asked how a component runs, it names the installation's secrets instead of sending them.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { controlHeaders, stackDir, stackEnv } from '@bazar/testing';
import { request } from 'undici';

const ask = async (route: string, headers: Record<string, string> = {}, method: 'GET' | 'POST' = 'GET') => {
  const answer = await request(`${stackEnv.controlUrl}${route}`, { method, headers });
  return { status: answer.statusCode, body: (await answer.body.json()) as Record<string, unknown> };
};

it('keeps its token readable by the stack’s own user only', () => {
  expect(statSync(path.join(stackDir, 'control-token')).mode & 0o777).toBe(0o600);
});

it('refuses a caller without the run’s token, with another Host, or with an Origin', async () => {
  expect(await ask('/components')).toMatchObject({ status: 401, body: { error: expect.any(String) } });
  expect(await ask('/components', { authorization: 'Bearer guessed' })).toMatchObject({ status: 401 });
  expect(await ask('/components', { ...controlHeaders(), host: 'rebound.example:4099' })).toMatchObject({ status: 403 });
  // a web page's POST: refused before anything is stopped
  expect(await ask('/components/catalog/stop', { ...controlHeaders(), origin: 'http://evil.example' }, 'POST')).toMatchObject({
    status: 403,
  });
  expect(await ask('/components', controlHeaders())).toMatchObject({ status: 200, body: { running: expect.arrayContaining(['catalog']) } });
});

it('names the installation’s secrets a component gets, and sends none of them', async () => {
  const secrets = Object.values(JSON.parse(readFileSync(path.join(stackDir, 'secrets.json'), 'utf8')) as Record<string, string>);
  for (const component of ['keycloak', 'user', 'gateway', 'order']) {
    const { status, body } = await ask(`/components/${component}`, controlHeaders());
    expect({ component, status }).toEqual({ component, status: 200 });
    const sent = JSON.stringify(body);
    for (const secret of secrets) expect({ component, sendsASecret: sent.includes(secret) }).toEqual({ component, sendsASecret: false });
  }
  expect((await ask('/components/keycloak', controlHeaders())).body).toMatchObject({
    secrets: { KC_BOOTSTRAP_ADMIN_PASSWORD: 'KC_BOOTSTRAP_ADMIN_PASSWORD' },
  });
});
