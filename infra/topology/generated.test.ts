// The files made from the topology (infra/topology/topology.ts) are what infra/topology/generate.ts
// makes now: docker-compose.yml, and the chart's topology.generated.yaml and files/*.generated.*. A
// port, an image, a setting, a neighbour, a topic, the compose edge's config or the realm that changed
// without a regeneration fails here, naming the file; so does a deployable whose config schema requires
// a setting the topology does not give it, or that is given one it does not read.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

test('the committed generated files are what the generator makes from the topology now', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('infra', 'topology', 'generate.ts'), '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(`${run.stdout}${run.stderr}`).toContain('generated files up to date');
  expect(run.status).toBe(0);
});
