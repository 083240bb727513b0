// The browser globals the storefront's shared modules read as they start (the i18n module: the
// language cookie, local storage, <html lang>), for its server build only (server-config.mjs gives
// them to the bundle's modules in place of the globals, through webpack's ProvidePlugin). Nothing
// here is a shopper's: the renderer sets the page's language on i18next for each render.
export const document = { cookie: '', documentElement: { lang: '' } };

export const localStorage = {
  getItem: () => null,
  setItem: () => undefined,
};
