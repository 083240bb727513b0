// Every FerretDB patch (infra/ferretdb/patches) applies to the source of the FerretDB version the
// installer pins, exactly as the installer applies them (patchFerretDb in infra/bin/install.mjs), and
// names the test that covers it. No stack: the source is the Go module cache's copy (`go mod
// download`, which fetches it from the Go module proxy once if the cache lacks it), patched in a
// folder of the test's own.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PATCHES = path.join(ROOT, 'infra', 'ferretdb', 'patches');
const patchFiles = readdirSync(PATCHES)
  .filter((file) => file.endsWith('.patch'))
  .sort();

/** The installer's module, in a Node of its own (it is an ES module; jest runs CommonJS). */
const PATCH_A_COPY = `
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
const [source, spoil] = process.argv.slice(1);
const install = await import(${JSON.stringify(path.join(ROOT, 'infra', 'bin', 'install.mjs'))});
const module = JSON.parse(execFileSync('go', ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB@' + install.FERRETDB_VERSION], { encoding: 'utf8' }));
cpSync(module.Dir, source, { recursive: true });
execFileSync('chmod', ['-R', 'u+w', source]);
if (spoil) {
  const [file, from, to] = JSON.parse(spoil);
  writeFileSync(source + '/' + file, readFileSync(source + '/' + file, 'utf8').replace(from, to));
}
try {
  install.patchFerretDb(source);
} catch (error) {
  if (!(error instanceof install.InstallError)) throw error;
  console.log(error.message);
  process.exit(3);
}
`;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function patchACopy(spoil?: [file: string, from: string, to: string]) {
  const folder = mkdtempSync(path.join(tmpdir(), 'ferretdb-patches-'));
  folders.push(folder);
  const source = path.join(folder, 'source');
  const args = ['--input-type=module', '-e', PATCH_A_COPY, source, ...(spoil ? [JSON.stringify(spoil)] : [])];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  return { source, status: result.status, output: `${result.stdout}${result.stderr}` };
}

it('applies every patch to the pinned FerretDB source, each file landing where it names', () => {
  const { source, status, output } = patchACopy();
  expect({ status, output }).toEqual({ status: 0, output: '' });
  for (const file of patchFiles) {
    const targets = [...readFileSync(path.join(PATCHES, file), 'utf8').matchAll(/^\+\+\+ b\/(\S+)$/gm)].map((match) => match[1]!);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(existsSync(path.join(source, target))).toBe(true);
  }
  // the C library's binding is in the module's requirements, so the build resolves it
  expect(readFileSync(path.join(source, 'go.mod'), 'utf8')).toMatch(/github\.com\/mattn\/go-sqlite3 v/);
}, 120_000);

it('refuses the install with the name of a patch whose lines are no longer in the source', () => {
  const { status, output } = patchACopy([
    'internal/backends/sqlite/metadata/metadata.go',
    `IDColumn = DefaultColumn + "->'$._id'"`,
    `IDColumn = DefaultColumn + "->'$.id'"`,
  ]);
  expect(status).toBe(3);
  expect(output).toMatch(/^FerretDB v[\d.]+: infra\/ferretdb\/patches\/01-id-index\.patch no longer applies to its source/);
}, 120_000);

it.each(patchFiles)('%s says why it is there and names the test that covers it', (file) => {
  const text = readFileSync(path.join(PATCHES, file), 'utf8');
  const header = text.slice(0, text.indexOf('\n--- '));
  expect(header.trim().split('\n').length).toBeGreaterThan(3);
  const test = /^Test: (.+)$/m.exec(header)?.[1];
  expect(test).toBeDefined();
  const named = [...header.matchAll(/infra\/test\/[\w.-]+\.test\.ts/g)].map((match) => match[0]);
  expect(named.length).toBeGreaterThan(0);
  for (const testFile of named) expect(existsSync(path.join(ROOT, testFile))).toBe(true);
});
