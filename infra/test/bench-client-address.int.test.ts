// Which client address the gateway counts a catalog read through nginx against. The shipped
// configuration (infra/nginx/bazar.conf.template) believes no X-Forwarded-For and serves no /bench/:
// both are hooks only the benchmarks add while they run (bench/nginx-hooks.conf, which
// bench/nginx-hooks.ts includes in the stack's nginx.conf). With them, bench/catalog-read
// loads the application through nginx from loopback and names an address of the benchmark range
// (198.18.0.0/15) in X-Forwarded-For for each request, so that the gateway's per-address limit (1,200 a
// minute) counts the load as many clients. nginx then believes that header only from 127.0.0.1, only
// for an address of that range, only on the catalog reads: any other client or claim is counted under
// the address nginx saw.
// An address is first used up at the gateway directly (which takes X-Forwarded-For from whoever
// reaches its loopback port, as nginx does); whether a read through nginx naming it is then refused
// (429) shows whom the gateway counted. Reads go with Cache-Control: no-cache, a reload, so that
// nginx's micro-cache does not answer them itself. The hooks are added for the second part only and
// taken out after (a graceful reload of nginx, which other tests' requests do not notice).
import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rawWebRequest, stackDir, stackEnv, withinOneMinute } from '@bazar/testing';
import { addBenchHooks, removeBenchHooks } from '../../bench/nginx-hooks.ts';

const benchAddress = () => `198.19.${randomInt(16, 256)}.${randomInt(1, 255)}`;
/** A loopback address other than 127.0.0.1, of this test alone. */
const otherLoopback = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const TOO_MANY = 429;

/** Spends the gateway's budget of `address` (a GET without a token is counted, then refused 401). */
async function useUp(address: string): Promise<void> {
  const call = () => fetch(`${stackEnv.gatewayUrl}/myorders`, { headers: { 'x-forwarded-for': address } }).then((answer) => answer.status);
  for (let sent = 0; sent < 1_400; sent += 50) {
    const statuses = await Promise.all(Array.from({ length: 50 }, call));
    if (statuses.includes(TOO_MANY)) return;
  }
  throw new Error(`the gateway never refused ${address}`);
}

const reload = (claim: string, from?: string, path = '/api/products') =>
  rawWebRequest(path, { headers: { 'x-forwarded-for': claim, 'cache-control': 'no-cache' }, ...(from && { from }) });

const used = benchAddress();
const foreign = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
beforeAll(async () => {
  await withinOneMinute();
  await Promise.all([useUp(used), useUp(foreign)]);
}, 60_000);

describe('the shipped nginx configuration', () => {
  it('counts a catalog read naming a used-up address of the benchmark range under the address nginx saw', async () => {
    const answer = await reload(used);
    expect(answer.status).toBe(200);
    expect((await reload(used, undefined, '/api/alloffers')).status).toBe(200);
  });

  it("serves none of the benchmarks' files", async () => {
    await writeFile(join(stackDir, 'bench', 'shipped-config-probe.txt'), 'not to be served\n');
    expect((await rawWebRequest('/bench/shipped-config-probe.txt')).status).toBe(404);
  });
});

describe("with the benchmarks' hooks, a catalog read through nginx naming a used-up address", () => {
  beforeAll(addBenchHooks);
  afterAll(removeBenchHooks);

  it('is counted under that address when it comes from 127.0.0.1 and names one address of the benchmark range', async () => {
    const answer = await reload(used);
    expect(answer.status).toBe(TOO_MANY);
    expect(answer.headers['x-cache-status']).toBe('BYPASS');
    expect((await reload(used, undefined, '/api/alloffers')).status).toBe(TOO_MANY);
  });

  it('is counted under the address nginx saw when it comes from any other address', async () => {
    expect((await reload(used, otherLoopback())).status).toBe(200);
  });

  it('is counted under the address nginx saw when it names an address outside the benchmark range, or a list', async () => {
    expect((await reload(foreign)).status).toBe(200);
    expect((await reload(`${used}, ${benchAddress()}`)).status).toBe(200);
    expect((await reload(`${foreign}, ${used}`)).status).toBe(200);
  });

  it("and /bench/ serves the benchmarks' baselines", async () => {
    await writeFile(join(stackDir, 'bench', 'hooked-probe.txt'), 'a baseline\n');
    const answer = await rawWebRequest('/bench/hooked-probe.txt');
    expect({ status: answer.status, body: answer.body, cache: answer.headers['cache-control'] }).toEqual({
      status: 200,
      body: 'a baseline\n',
      cache: 'no-cache',
    });
  });

  it('is not believed beyond the catalog reads', async () => {
    // counted, the address would be refused (429) before the gateway asks for a sign-in
    const answer = await rawWebRequest('/api/myorders', { headers: { 'x-forwarded-for': used } });
    expect(answer.status).toBe(401);
  });
});
