import { createContext, useContext } from 'react';
import type { MenuLink, MenuName } from './pages';

/** The store's menus as the shell composed them from the remotes' pages, for the current shopper. */
export const MenusContext = createContext<Record<MenuName, MenuLink[]>>({ sections: [], account: [], dashboard: [] });

/** A menu's links, in the order the remotes gave them; only the pages the shopper may open. */
export function useMenu(name: MenuName): MenuLink[] {
  return useContext(MenusContext)[name];
}
