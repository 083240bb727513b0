// Another remote's module in the catalog's pages (mf-cart's `cart/add-to-cart` on the cards), loaded
// as the shell loads the remotes' pages: by the page's one federation runtime, from the remotes the
// shell registered out of /mf-remotes.json. In the catalog's build the runtime it imports is the
// shell's (web-kit's webpack/federation.mjs, `externalRuntime`), so it adds no runtime code of its own.
import { CurrentGlobal } from '@module-federation/runtime-core';

/** The shell's federation instance, which registered every remote of the page. */
const SHELL = 'shell';

/** Loads an exposed module of another remote, e.g. `cart/add-to-cart`; rejects when that remote cannot
 *  be reached (its manifest or code gone, a shared library it needs not satisfied), so that the page
 *  can show what it holds without it. */
export async function loadRemoteModule<T>(id: string): Promise<T> {
  const shell = CurrentGlobal.__FEDERATION__?.__INSTANCES__.find((instance) => instance.name === SHELL);
  if (!shell) throw new Error(`No federation host loads ${id} in this page`);
  const module = await shell.loadRemote<T>(id);
  if (!module) throw new Error(`Remote module ${id} is unavailable`);
  return module;
}
