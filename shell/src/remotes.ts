import type { PublishedRoute } from '@bazar/web-kit';

// Remote name → its mf-manifest.json, replaced at deploy time without rebuilding the shell.
const runtimeManifest = new URL('../public/mf-remotes.json', import.meta.url);

/** A page of the store: as its remote publishes it, and which remote that is. */
export interface StorePage extends PublishedRoute {
  remote: string;
}

/** The remotes the runtime manifest names, with their entries; none when it cannot be read (each
 *  remote page then shows its fallback). nginx has it revalidated on every load, and index.html asks
 *  for it first (a preload this fetch takes). */
export const remoteEntries: Promise<Record<string, string>> = fetchJson(runtimeManifest.href)
  .then((entries) => {
    if (!isRemoteEntries(entries)) throw new Error(`${runtimeManifest.pathname} is not a map of remote names to URLs`);
    return entries;
  })
  .catch((error: unknown) => {
    console.error('Remote manifest unavailable', error);
    return {};
  });

const manifests = new Map<string, Promise<Response>>();
const absolute = (url: string) => new URL(url, location.href).href;

/** Each remote's mf-manifest.json, fetched once: its pages are read here, and the federation
 *  runtime is handed the same answer (federation.ts) instead of asking again. */
export function remoteManifest(url: string): Promise<Response> | undefined {
  return manifests.get(absolute(url))?.then((response) => response.clone());
}

/** Every page the remotes publish, in the runtime manifest's order; a remote whose manifest cannot
 *  be read has none (its links and addresses are gone until it is back). */
export const storePages: Promise<StorePage[]> = remoteEntries.then(async (entries) => {
  const perRemote = await Promise.all(
    Object.entries(entries).map(async ([remote, entry]) => {
      if (!entry.endsWith('.json')) return [];
      const answer = fetch(absolute(entry)).then((response) => {
        if (!response.ok) throw new Error(`${entry} answered ${response.status}`);
        return response;
      });
      manifests.set(absolute(entry), answer);
      try {
        const manifest = (await (await answer).clone().json()) as { metaData?: { routes?: PublishedRoute[] } };
        return (manifest.metaData?.routes ?? []).map((page) => ({ ...page, remote }));
      } catch (error) {
        console.error(`The pages of ${remote} are unavailable`, error);
        return [];
      }
    }),
  );
  return perRemote.flat();
});

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function isRemoteEntries(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
