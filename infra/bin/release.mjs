// `npm run release` and `npm run rollback` in a remote's folder: versioned, reversible releases of
// one remote on the local stack (README, "Deploying one piece alone").
//
// A release is the remote's production build in a folder of its own, named by the build's content
// hash and never written again: <releases>/<remote>/<version>/, served by nginx at
// /mf/releases/<remote>/<version>/. The runtime manifest the shell reads, /mf-remotes.json, is
// <releases>/mf-remotes.json once a release was made (nginx serves the shell's default until then);
// releasing or rolling back rewrites only that file, so a page already open keeps the version it
// loaded, whose files stay served, and the next page load takes the other one.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_NODE, ROOT, projectEnv } from './install.mjs';

/** nginx serves <stack folder>/releases (infra/nginx/places/native.server.conf); a test's own nginx another folder. */
const RELEASES = process.env.BAZAR_RELEASES_DIR ?? path.join(process.env.BAZAR_STACK_DIR ?? path.join(ROOT, '.stack'), 'releases');
const RUNTIME_MANIFEST = path.join(RELEASES, 'mf-remotes.json');
/** Per remote, the entries it used before the one in use now, the latest last: what rollback returns to. */
const HISTORY = path.join(RELEASES, 'history.json');
const SHELL_DEFAULT_MANIFEST = path.join(ROOT, 'shell', 'public', 'mf-remotes.json');

class ReleaseError extends Error {}

const readJson = (file, otherwise) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : otherwise);

/** Writes a file whole or not at all: nginx may serve it at any moment. */
function replaceFile(file, text) {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, text);
  // nginx's ETag is the file's modification time in whole seconds and its size: two switches within
  // one second, to entries of one length, would otherwise look unchanged to a revalidating browser.
  if (existsSync(file)) {
    const before = Math.floor(statSync(file).mtimeMs / 1000);
    if (Math.floor(Date.now() / 1000) <= before) utimesSync(temporary, before + 1, before + 1);
  }
  renameSync(temporary, file);
}

/** The runtime manifest in use: the shell's default with the released remotes' entries over it (so a
 *  remote the shell added since the last release is listed too). */
const runtimeManifest = () => ({ ...readJson(SHELL_DEFAULT_MANIFEST, {}), ...readJson(RUNTIME_MANIFEST, {}) });

function switchTo(remote, entry, history) {
  mkdirSync(RELEASES, { recursive: true });
  writeFileSync(HISTORY, `${JSON.stringify(history, null, 2)}\n`);
  replaceFile(RUNTIME_MANIFEST, `${JSON.stringify({ ...runtimeManifest(), [remote]: entry }, null, 2)}\n`);
}

/** A digest of every file of a build, by path and bytes. */
function contentHash(dir) {
  const hash = createHash('sha256');
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(path.join(dir, file)));
  return hash.digest('hex').slice(0, 12);
}

/** Builds the remote in `appDir` into a new release folder, or finds the one of identical content. */
function publish(appDir) {
  mkdirSync(RELEASES, { recursive: true });
  // Built beside the releases (one file system, so the move below is atomic), never into the app's
  // dist/, which nginx serves as the unreleased build.
  const building = path.join(RELEASES, `.building-${randomBytes(4).toString('hex')}`);
  try {
    const build = spawnSync(
      PROJECT_NODE,
      [path.join(ROOT, 'node_modules/.bin/webpack'), '--mode', 'production', '--stats', 'errors-warnings', '--output-path', building],
      {
        cwd: appDir,
        stdio: 'inherit',
        env: projectEnv(),
      },
    );
    if (build.status !== 0) throw new ReleaseError(`the build of ${appDir} failed`);
    // The remote's server build, for the renderer's React path (docs/decisions/server-rendering.md),
    // goes with it: server/mf-manifest.json beside the release's mf-manifest.json, where the shell's
    // server build looks for it, so a page is rendered with the release that the browsers load.
    if (existsSync(path.join(appDir, 'webpack.server.mjs'))) {
      const serverBuild = spawnSync(
        PROJECT_NODE,
        [
          path.join(ROOT, 'node_modules/.bin/webpack'),
          '--config',
          'webpack.server.mjs',
          '--mode',
          'production',
          '--stats',
          'errors-warnings',
          '--output-path',
          path.join(building, 'server'),
        ],
        { cwd: appDir, stdio: 'inherit', env: projectEnv() },
      );
      if (serverBuild.status !== 0) throw new ReleaseError(`the server build of ${appDir} failed`);
    }
    const remote = readJson(path.join(building, 'mf-manifest.json'), {}).name;
    if (typeof remote !== 'string') throw new ReleaseError(`${appDir} built no mf-manifest.json: is it a remote?`);
    const version = contentHash(building);
    const folder = path.join(RELEASES, remote, version);
    if (existsSync(folder)) rmSync(building, { recursive: true });
    else {
      mkdirSync(path.dirname(folder), { recursive: true });
      renameSync(building, folder);
    }
    return { remote, version, entry: `/mf/releases/${remote}/${version}/mf-manifest.json` };
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
}

function release(appDir) {
  const { remote, version, entry } = publish(appDir);
  const previous = runtimeManifest()[remote];
  if (previous === entry) return `${remote}: release ${version} is already in use (${entry})`;
  const history = readJson(HISTORY, {});
  switchTo(remote, entry, { ...history, [remote]: [...(history[remote] ?? []), previous].filter(Boolean) });
  return `${remote}: release ${version} in use (${entry}); \`npm run rollback\` returns to ${previous ?? 'no entry'}`;
}

/** The remote's federation name, as its build declares it. */
function remoteOf(appDir) {
  const config = readFileSync(path.join(appDir, 'webpack.config.mjs'), 'utf8');
  const name = /\bname:\s*'([^']+)'/.exec(config)?.[1];
  if (!name) throw new ReleaseError(`${appDir}/webpack.config.mjs names no remote`);
  return name;
}

function rollback(appDir) {
  const remote = remoteOf(appDir);
  const history = readJson(HISTORY, {});
  const earlier = history[remote] ?? [];
  const entry = earlier.at(-1);
  if (!entry) throw new ReleaseError(`${remote}: no earlier version to roll back to`);
  switchTo(remote, entry, { ...history, [remote]: earlier.slice(0, -1) });
  return `${remote}: back to ${entry}`;
}

const [command, appDir = '.'] = process.argv.slice(2);
const commands = { release, rollback };
try {
  if (!(command in commands)) throw new ReleaseError(`usage: release.mjs release|rollback <remote folder>`);
  console.log(commands[command](path.resolve(appDir)));
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`npm run ${command}: ${error.message}`);
  process.exit(1);
}
