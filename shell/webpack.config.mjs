import { storefrontConfig } from '@bazar/web-kit/webpack';
import { FirstLoadHints } from './first-load-hints.mjs';
import { writeBengaliFaces } from './bengali-faces.mjs';

const config = storefrontConfig({
  appDir: import.meta.dirname,
  name: 'shell',
  publicPath: '/',
  html: { title: 'Bazar — Online Grocery Shop', template: './index.html' },
});

export default async (env, argv) => {
  await writeBengaliFaces();
  const built = await config(env, argv);
  return { ...built, plugins: [...built.plugins, new FirstLoadHints()] };
};
