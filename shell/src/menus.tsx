import type { ReactNode } from 'react';
import { MenusContext, type MenuLink, type MenuName } from '@bazar/web-kit';
import { useLanguage } from '@bazar/web-kit/i18n';
import { useMayOpen } from './auth/access';
import type { StorePage } from './remotes';

/** The menus the remotes' pages put links in, as the current shopper may follow them, in the
 *  active language; the top bar and the remotes' layouts read them with `useMenu`. */
export function StoreMenus({ pages, children }: { pages: StorePage[]; children: ReactNode }) {
  const language = useLanguage();
  const mayOpen = useMayOpen();
  const menus: Record<MenuName, MenuLink[]> = { sections: [], account: [], dashboard: [] };
  const shown = pages.filter((page) => page.menu && mayOpen(page.access)).sort((a, b) => a.menu!.order - b.menu!.order);
  for (const { menu, path } of shown) menus[menu!.in].push({ to: path, label: menu!.label[language] });
  return <MenusContext.Provider value={menus}>{children}</MenusContext.Provider>;
}
