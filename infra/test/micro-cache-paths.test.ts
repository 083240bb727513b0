// nginx micro-caches exactly the endpoints the contracts declare cacheable (microCacheSeconds), for
// as long as they say, in the local stack's config and the containers' alike.
import { PUBLIC_API } from '@bazar/contracts';
import { EDGE_PLACES, edgeConfigOf } from './edge-configs.ts';

/** The regular expression of the location that uses the micro-cache, and its seconds. */
function cachedLocation(config: string): [RegExp, number] {
  const block = config.split(/\n\s*location /).find((location) => location.includes('proxy_cache catalog_reads;')) ?? '';
  return [new RegExp(/^~ (\S+) \{/.exec(block)?.[1] ?? '$^'), Number(/proxy_cache_valid 200 404 (\d+)s;/.exec(block)?.[1])];
}

describe.each(EDGE_PLACES)('the %s nginx.conf', (place) => {
  const [cached, seconds] = cachedLocation(edgeConfigOf(place));

  it.each(PUBLIC_API.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e.microCacheSeconds] as const))(
    '%s, micro-cached for %p seconds',
    (name, microCacheSeconds) => {
      const [method, apiPath = ''] = name.split(' ');
      const sample = `/api${apiPath.replace(/\{\w+\}/g, '0123456789abcdef01234567')}`;
      // nginx caches only GET and HEAD; a write to a cached path is passed on
      expect(method === 'GET' && cached.test(sample)).toBe(microCacheSeconds !== undefined);
      if (microCacheSeconds !== undefined) expect(seconds).toBe(microCacheSeconds);
    },
  );
});
