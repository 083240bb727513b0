// package-lock.json must install on the machines the team builds on (issue 22): macOS and Linux, on
// x64 and arm64. Native packages (rspack, tailwind's oxide, swc, esbuild, lightningcss, sharp...)
// name one optional package per platform; `npm ci` installs only what the lockfile lists, and an npm
// that resolves with node_modules present can leave out the platforms it is not on (npm/cli#4828),
// so a lockfile written on Linux x64 may give a Mac no binary at all.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface LockedPackage {
  version?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const ROOT = path.resolve(__dirname, '../..');
const { packages } = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

// The lockfile entry node would load for `name` required from the package at `location`.
const locate = (location: string, name: string): string | undefined => {
  for (let dir = location; ;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent >= 0 ? dir.slice(0, parent) : '';
  }
};

const isBinary = (locked: LockedPackage) => Boolean(locked.os || locked.cpu);

const packagesWithBinaries = Object.entries(packages).flatMap(([location, locked]) => {
  const optional = Object.keys(locked.optionalDependencies ?? {}).map((name) => ({ name, location: locate(location, name) }));
  const binaries = optional.flatMap(({ location }) => (location && isBinary(packages[location]!) ? [packages[location]!] : []));
  if (binaries.length === 0) return [];
  const unlocked = optional.filter(({ location }) => !location).map(({ name }) => name);
  return [{ name: `${location}@${locked.version}`, binaries, unlocked }];
});
const withUnlocked = ({ name, unlocked }: { name: string; unlocked: string[] }) => `${name} (not in the lockfile: ${unlocked.join(', ')})`;

// npm's rule for os, cpu and libc lists: a name allows that value, `!name` refuses it.
const allows = (list: string[] | undefined, value: string) =>
  !list || (!list.includes(`!${value}`) && (list.includes(value) || list.every((entry) => entry.startsWith('!'))));

interface Platform {
  os: string;
  cpu: string;
  libc?: string;
}
const platforms: Platform[] = [
  { os: 'darwin', cpu: 'arm64' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
];
const runsOn = (binary: LockedPackage, { os, cpu, libc }: Platform) =>
  allows(binary.os, os) && allows(binary.cpu, cpu) && (libc === undefined || allows(binary.libc, libc));

test('the lockfile knows some packages with a binary per platform', () => {
  expect(packagesWithBinaries.map(({ name }) => name)).toEqual(
    expect.arrayContaining([expect.stringContaining('@rspack/binding@'), expect.stringContaining('@tailwindcss/oxide@')]),
  );
});

test('every optional package of such a package is in the lockfile', () => {
  expect(packagesWithBinaries.filter(({ unlocked }) => unlocked.length > 0).map(withUnlocked)).toEqual([]);
});

test.each(platforms)('npm ci on $os $cpu gets each binary its packages publish for it', (platform) => {
  // A package that names no binary for this platform, and whose binaries are all in the lockfile,
  // publishes none for it (tsx's fsevents is for macOS only).
  const withoutBinary = packagesWithBinaries
    .filter(({ binaries, unlocked }) => unlocked.length > 0 && !binaries.some((binary) => runsOn(binary, platform)))
    .map(withUnlocked);
  expect(withoutBinary).toEqual([]);
});
