// A render's i18next instance (server-i18next.mjs): refused, not a crash, while the build's instance
// has not been initialized; once it has, an instance in the page's language that leaves the build's
// language as it was.
import i18next from 'i18next';
import { i18nextOfPage } from './server-i18next.mjs';

const resources = { en: { translation: { cart: 'Cart' } }, bn: { translation: { cart: 'কার্ট' } } };

it("refuses a render's instance before the build's is initialized, and nothing throws later", async () => {
  const thrownLater: unknown[] = [];
  const hear = (error: unknown) => thrownLater.push(error);
  process.on('uncaughtException', hear);
  try {
    await expect(i18nextOfPage('bn')).rejects.toThrow("the build's i18next instance is not initialized");
    // a clone's load left to a timer would throw here, out of the render
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(thrownLater).toEqual([]);
  } finally {
    process.off('uncaughtException', hear);
  }
});

it("gives each render an instance in its page's language, the build's staying in its own", async () => {
  await i18next.init({ lng: 'en', fallbackLng: 'en', resources });
  const [bangla, english] = await Promise.all([i18nextOfPage('bn'), i18nextOfPage('en')]);
  expect(bangla.language).toBe('bn');
  expect(bangla.t('cart')).toBe('কার্ট');
  expect(english.t('cart')).toBe('Cart');
  expect(i18next.language).toBe('en');
});
