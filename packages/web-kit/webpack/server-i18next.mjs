// @ts-check
import i18next from 'i18next';
import { pageRender } from './server-render.mjs';

/**
 * i18next as a server build (server-config.mjs) gives it to web-kit's i18n module: the module's one
 * instance, as the browser has one a page, stands for the instance of the render it is used in
 * (`i18nextOfPage`, held by server-render.mjs), so renders in different languages run side by side.
 * Outside a render (the module's own start: its plugins, its first init) it is the build's instance,
 * whose loaded messages and loader every render's instance shares.
 *
 * A plugin that keeps the instance it is given (react-i18next's, whose hooks read it) is given this
 * stand-in, not the build's instance: i18next binds its methods to the instance, so `use` would
 * hand over the build's instance itself.
 */
const ofTheRender = () => /** @type {typeof i18next} */ (pageRender.getStore()?.i18n ?? i18next);

/** @type {typeof i18next} */
const i18nextOfTheRender = new Proxy(i18next, {
  get(build, key) {
    if (key === 'use')
      return (/** @type {any} */ plugin) => {
        build.use(plugin?.type === '3rdParty' ? { ...plugin, init: () => plugin.init?.(i18nextOfTheRender) } : plugin);
        return i18nextOfTheRender;
      };
    return Reflect.get(ofTheRender(), key);
  },
  set(_build, key, value) {
    return Reflect.set(ofTheRender(), key, value);
  },
  has(_build, key) {
    return Reflect.has(ofTheRender(), key);
  },
});

export default i18nextOfTheRender;

/**
 * An instance in `language` for one render: a clone of the build's, sharing its loaded messages and
 * its loader; settles once its messages in that language are loaded.
 *
 * @param {string} language
 * @returns {Promise<typeof i18next>}
 */
export async function i18nextOfPage(language) {
  // A clone of an instance whose init has not run has no store and services to share: its load
  // would throw later, from a timer, out of any render, and end the renderer's process.
  if (!i18next.isInitialized || !i18next.services?.backendConnector) throw new Error("the build's i18next instance is not initialized");
  /** @type {(error: unknown) => void} */
  let loadedWith = () => {};
  const loaded = new Promise((resolve, reject) => {
    loadedWith = (error) => (error ? reject(new Error(String(error))) : resolve(undefined));
  });
  // initAsync off: the clone's init loads now, inside this call (its callback may come before the
  // call returns), not from a timer, so that what fails fails this render
  const clone = i18next.cloneInstance({ lng: language, initAsync: false }, (error) => loadedWith(error));
  await loaded;
  return clone;
}
