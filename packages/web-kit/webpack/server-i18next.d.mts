import type { i18n } from 'i18next';

/** An i18next instance in `language` for one render (server-i18next.mjs). */
export declare function i18nextOfPage(language: string): Promise<i18n>;
