// @ts-check
/**
 * A webpack loader that puts a module's exports, worked out at build time, in place of its code:
 * each export becomes a JSON literal. The module is run by webpack itself (`importModule`), with
 * its imports, once per build; what it imports to compute its values stays out of the bundle.
 *
 * @this {import('webpack').LoaderContext<unknown>}
 */
export default async function buildTimeValue() {
  const exports = await this.importModule(`${this.resourcePath}?${BUILD_TIME}`);
  return Object.entries(exports)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n');
}

/** The query of the module's own run, which the loader's rule leaves to the ordinary loaders. */
export const BUILD_TIME = 'build-time';
