// Writes every file made from the store's topology (topology.ts): docker-compose.yml (compose.ts) and
// the Helm chart's topology.generated.yaml and files/*.generated.* (chart.ts).
//
//   node --import tsx infra/topology/generate.ts           writes the files
//   node --import tsx infra/topology/generate.ts --check   exits 1 naming each file that differs
// (infra/topology/generated.test.ts runs the check.)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { chartFiles } from './chart.ts';
import { composeFile } from './compose.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every generated file by its path in the repository; the compose file formatted as `prettier
 *  --check .` wants it. */
async function generatedFiles(): Promise<Record<string, string>> {
  const compose = path.join(ROOT, 'docker-compose.yml');
  const files: Record<string, string> = {
    'docker-compose.yml': await format(composeFile(), { ...(await resolveConfig(compose)), filepath: compose }),
  };
  for (const [file, text] of Object.entries(await chartFiles())) files[path.join('infra', 'k8s', 'bazar', file)] = text;
  return files;
}

const files = await generatedFiles();
if (process.argv.includes('--check')) {
  const stale = Object.entries(files).filter(([file, text]) => {
    try {
      return readFileSync(path.join(ROOT, file), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const [file] of stale) console.error(`${file} is not what the generator makes now`);
  if (stale.length > 0) {
    console.error('Regenerate with: node --import tsx infra/topology/generate.ts');
    process.exit(1);
  }
  console.log(`${Object.keys(files).length} generated files up to date`);
} else {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    writeFileSync(path.join(ROOT, file), text);
  }
  console.log(`wrote ${Object.keys(files).join(', ')}`);
}
