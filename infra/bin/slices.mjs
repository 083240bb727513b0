// The deployables ("slices") and what testing one of them alone means: its own lint, formatting and
// type checks, then its tests and the contract tests, against the stack. Used by `npm test` with
// `--slice <folder>` (each deployable's own `npm test`) and `--changed [<base>]`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './install.mjs';

const SERVER_SLICES = ['services/catalog', 'services/cart', 'services/order', 'services/user', 'services/media', 'gateway', 'renderer'];
const WEB_SLICES = ['shell', 'mf-catalog', 'mf-cart', 'mf-dashboard'];
export const SLICES = [...SERVER_SLICES, ...WEB_SLICES];
export const isServerSlice = (slice) => SERVER_SLICES.includes(slice);

/** Every slice's tests run with the contracts' own: a change of one side of a contract shows there. */
export const CONTRACT_TESTS = 'packages/contracts';

/** The slice a folder (absolute, or from where the command runs) is, or an error naming the slices. */
export function sliceOf(folder) {
  const slice = path.relative(ROOT, path.resolve(folder)).split(path.sep).join('/');
  if (!SLICES.includes(slice)) throw new Error(`${folder} is not a deployable; one of: ${SLICES.join(', ')}`);
  return slice;
}

/** The static checks of one slice, as commands to run from the root. */
export function checksOf(slice) {
  const checks = [
    ['npx', 'eslint', slice],
    ['npx', 'prettier', '--check', slice],
  ];
  if (isServerSlice(slice)) checks.push(['npx', 'tsc', '-b', slice]);
  else checks.push(['npm', 'run', '--silent', 'typecheck', '-w', slice]);
  return checks;
}

/**
 * The slices that files changed since `base` (a commit; by default where this branch left main, or
 * the commit before on main itself) belong to; undefined when a change lies outside every slice
 * (shared packages, the stack, the root's files), which only the full run covers.
 */
export function slicesChangedSince(base) {
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const from = base ?? (git('rev-parse', 'HEAD') === git('rev-parse', 'main') ? 'HEAD~1' : git('merge-base', 'HEAD', 'main'));
  const changed = git('diff', '--name-only', from, '--')
    .split('\n')
    .concat(git('ls-files', '--others', '--exclude-standard').split('\n'))
    .filter(Boolean);
  const slices = new Set();
  for (const file of changed) {
    const slice = SLICES.find((candidate) => file.startsWith(`${candidate}/`));
    if (!slice) return undefined;
    slices.add(slice);
  }
  return [...slices];
}
