// The chart's topology (infra/k8s/bazar/topology.generated.yaml and files/*.generated.*) is what
// infra/k8s/generate-topology.ts makes from the repository's declarations now: a port, an image, an
// environment variable a deployable reads, a topic, the compose edge's config or the realm that
// changed without a regeneration fails here, naming the file.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

test('the committed topology files are what the generator makes from the sources now', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('infra', 'k8s', 'generate-topology.ts'), '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(`${run.stdout}${run.stderr}`).toContain('generated files up to date');
  expect(run.status).toBe(0);
});
