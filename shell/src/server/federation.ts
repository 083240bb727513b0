// The shell's federation in its server build (docs/decisions/server-rendering.md), in place of
// ../federation.ts (webpack.server.mjs swaps it): the same two functions, over remotes the renderer
// names for each render, each by its server build's mf-manifest.json. The runtime fetches a remote's
// entry by its manifest and evaluates it in Node, as a browser does with its script.
import { init, loadRemote, registerRemotes as registerWithRuntime } from '@module-federation/enhanced/runtime';

init({ name: 'shell', remotes: [], shareStrategy: 'loaded-first' });

/** Each remote's server manifest as last registered, with the manifest's text it had then. */
const registered = new Map<string, { entry: string; manifest: string }>();

/** Registers the remotes of this render (name → its server mf-manifest.json, with that manifest's
 *  text). A remote whose manifest changed (a release, or a build in place at the same address) is
 *  registered again with `force`, which drops its loaded modules: the next load is its new code. */
export function registerRemotes(remotes: Record<string, { entry: string; manifest: string }>): void {
  const changed = Object.entries(remotes).filter(([name, { entry, manifest }]) => {
    const known = registered.get(name);
    return !known || known.entry !== entry || known.manifest !== manifest;
  });
  if (changed.length === 0) return;
  registerWithRuntime(
    changed.map(([name, { entry }]) => ({ name, entry })),
    { force: true },
  );
  for (const [name, remote] of changed) registered.set(name, remote);
}

export async function loadRemoteModule<T>(id: string): Promise<T> {
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`Remote module ${id} is unavailable`);
  return module;
}

/** Nothing to fetch ahead on the server: a page's code is loaded as it renders. */
export async function preloadRemoteModule(): Promise<void> {}
