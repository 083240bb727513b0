// The pages a remote owns, as data: each remote declares them in its `src/routes.mts`, its build
// exposes each page's module and publishes the list in its mf-manifest.json, and the shell composes
// the store's routes and menus from the manifests the runtime manifest names, before any remote code.
import type { Language } from './i18n';

/** Who may open a page: anyone, a signed-in shopper, or an admin (as the user service says). */
export type Access = 'public' | 'signedIn' | 'admin';

/** The API read a public page's first view makes, which the shell asks for beside its own code
 *  (shell/src/firstReads.ts builds each from the address, as the page's own fetch does). */
export type FirstRead = 'homeProducts' | 'productListPage' | 'productDetails';

/** The store's menus: the sections bar (and the phone's menu), the signed-in shopper's links in the
 *  top bar, and the dashboard's sidebar. */
export type MenuName = 'sections' | 'account' | 'dashboard';

/** A page as its remote declares it. */
export interface PageRoute {
  /** Absolute: `:name` matches one segment, a last `*` the rest. */
  path: string;
  /** The page's module, relative to routes.mts; exposed on its own and fetched when first wanted. */
  page: string;
  /** The page's component is this export of the module rather than its default. */
  component?: string;
  access: Access;
  /** The page frames the pages below its path (from any remote), shown in its `<Outlet />`; a page
   *  of the layout's own path is its index. */
  layout?: true;
  /** The module's default export is a `RemoteRoute`: a loader, and the component shown once it has loaded. */
  loader?: true;
  firstRead?: FirstRead;
  /** The page's link in a menu: the label is a key of the remote's message files. */
  menu?: { in: MenuName; label: string; order: number };
}

/** A page as its remote's build publishes it in mf-manifest.json (`metaData.routes`). */
export interface PublishedRoute extends Omit<PageRoute, 'page' | 'menu'> {
  /** The exposed module, e.g. `./AboutPage`. */
  expose: string;
  menu?: { in: MenuName; label: Record<Language, string>; order: number };
}

/** A menu's link, as the current shopper may follow it, in the active language. */
export interface MenuLink {
  to: string;
  label: string;
}
