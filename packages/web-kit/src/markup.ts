// react-i18next's Trans, for messages with markup in them, and the HTML parser it brings: fetched
// by i18n.ts's Trans when a page first shows one, outside the shell's first render.
export { Trans } from 'react-i18next';
