import { init, loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

// Remote name → manifest URL, replaced at deploy time without rebuilding the shell.
const remotesManifest = new URL('../public/mf-remotes.json', import.meta.url);

init({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });

const remotesRegistered = registerRemotesFromManifest();

async function registerRemotesFromManifest(): Promise<void> {
  try {
    // nginx has it revalidated on every load; index.html asks for it first (a preload this fetch takes)
    const response = await fetch(remotesManifest);
    if (!response.ok) throw new Error(`${remotesManifest.pathname} answered ${response.status}`);
    const entries: unknown = await response.json();
    if (!isRemoteEntries(entries)) throw new Error(`${remotesManifest.pathname} is not a map of remote names to URLs`);
    registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
  } catch (error) {
    // Without the manifest no remote loads; each remote page then shows its fallback.
    console.error('Remote manifest unavailable', error);
  }
}

function isRemoteEntries(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}

/** Loads an exposed module, e.g. `catalog/HomePage`; rejects when the remote cannot be reached. */
export async function loadRemoteModule<T>(id: string): Promise<T> {
  await remotesRegistered;
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`Remote module ${id} is unavailable`);
  return module;
}

/** Fetches what showing an exposed module takes (its remote's entry, the module's own chunks and
 *  styles) without running it; a remote that cannot be reached is left to the page to report. */
export async function preloadRemoteModule(id: string): Promise<void> {
  await remotesRegistered;
  const [remote, expose] = id.split('/');
  await preloadRemote([{ nameOrAlias: remote!, exposes: [expose!], resourceCategory: 'sync' }]).catch(() => undefined);
}
