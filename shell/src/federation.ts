import { init, loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteEntries, remoteManifest } from './remotes';

init({
  name: 'shell',
  remotes: [],
  shareStrategy: 'loaded-first',
  plugins: [
    // The remotes' manifests were fetched for their pages (remotes.ts): the runtime takes those answers.
    { name: 'manifests-fetched-once', fetch: (url) => remoteManifest(url) },
  ],
});

const remotesRegistered = remoteEntries.then((entries) =>
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry }))),
);

/** Loads an exposed module, e.g. `catalog/HomePage`; rejects when the remote cannot be reached, or
 *  when it needs a version of a shared library the page's copy does not satisfy (its builds declare
 *  each library `strictVersion`, packages/web-kit/webpack/federation.mjs). */
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
