// @ts-check
import HtmlWebpackPlugin from 'html-webpack-plugin';

/**
 * Names in index.html every file of the shell's own build that the page fetches before its first
 * render, so the browser asks for them all at once instead of one level of imports after another:
 * the chunks behind the entry's `import('./bootstrap')` and the shell's copy of each shared library
 * they consume (the same walk as infra/test/bundle-budget.test.ts), as script preloads; their styles
 * as stylesheets (mini-css-extract finds them in the page and does not ask again); and the runtime
 * manifest of remotes, /mf-remotes.json, as a fetch preload. The remotes' own files are not named
 * here: they change with each remote's deploy, and the entry asks for them from the manifests
 * (src/preload.ts).
 */
export class FirstLoadHints {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap(FirstLoadHints.name, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(FirstLoadHints.name, (data) => {
        const publicPath = String(compilation.outputOptions.publicPath);
        const entryFiles = new Set([...compilation.entrypoints.values()].flatMap((entry) => entry.getFiles()));
        const files = firstLoadFiles(compilation, entryFiles);
        const tag = (/** @type {Record<string, string>} */ attributes) => HtmlWebpackPlugin.createHtmlTagObject('link', attributes);
        data.headTags.push(
          ...files.filter((file) => file.endsWith('.css')).map((file) => tag({ rel: 'stylesheet', href: publicPath + file })),
          ...files.filter((file) => file.endsWith('.js')).map((file) => tag({ rel: 'preload', as: 'script', href: publicPath + file })),
          ...Object.keys(compilation.assets)
            .filter((file) => file === 'mf-remotes.json')
            .map((file) => tag({ rel: 'preload', as: 'fetch', href: publicPath + file, crossorigin: 'anonymous' })),
        );
        return data;
      });
    });
  }
}

/** The library a federation module shares: `provide shared module (default) react-dom@19.3.1 = …`. */
const sharedLibrary = (/** @type {string} */ moduleName) => /^(?:provide|consume) shared module \([^)]+\) (.+?)@/.exec(moduleName)?.[1];

/**
 * @param {import('webpack').Compilation} compilation
 * @param {Set<string>} entryFiles
 * @returns {string[]}
 */
function firstLoadFiles(compilation, entryFiles) {
  const { chunks = [] } = compilation.getStats().toJson({
    all: false,
    ids: true,
    chunks: true,
    chunkModules: true,
    chunkModulesSpace: Infinity,
    dependentModules: true,
    chunkOrigins: true,
    nestedModules: false,
  });
  const modulesOf = (/** @type {(typeof chunks)[number]} */ chunk) => (chunk.modules ?? []).flatMap((m) => (m.name ? [m] : []));
  const loadedBy = (/** @type {(typeof chunks)[number]} */ chunk) => (chunk.origins ?? []).map((origin) => origin.moduleName ?? '');

  const entry = chunks.filter((chunk) => (chunk.files ?? []).some((file) => entryFiles.has(file)));
  const entryModules = new Set(entry.flatMap((chunk) => modulesOf(chunk).map((m) => m.name)));
  /** @type {Map<string, typeof chunks>} */
  const providers = new Map();
  for (const chunk of chunks)
    for (const library of new Set(
      loadedBy(chunk)
        .filter((name) => name.startsWith('provide'))
        .map(sharedLibrary),
    ))
      if (library) providers.set(library, [...(providers.get(library) ?? []), chunk]);

  const loaded = new Set();
  const load = (/** @type {typeof chunks} */ toLoad) => {
    for (const chunk of toLoad) {
      if (loaded.has(chunk)) continue;
      loaded.add(chunk);
      for (const module of modulesOf(chunk).filter((m) => m.moduleType === 'consume-shared-module'))
        load(providers.get(sharedLibrary(module.name ?? '') ?? '') ?? []);
    }
  };
  load(entry);
  load(chunks.filter((chunk) => loadedBy(chunk).some((name) => entryModules.has(name) && !sharedLibrary(name))));
  return [...loaded].flatMap((chunk) => chunk.files ?? []).filter((file) => !entryFiles.has(file) && !file.endsWith('.map'));
}
