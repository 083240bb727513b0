// Where and when at checkout (issue 54), as a shopper's browser test fills them in: checkout asks
// for a delivery address (a saved one is chosen already; without one, a new one is typed) and a
// delivery slot before it places an order.
import type { Page } from 'playwright-core';

/** A delivery address in Dhaka, as the tests type or save it. */
export const TEST_ADDRESS = {
  label: 'Home',
  district: 'Dhaka',
  area: 'Dhanmondi',
  road: 'House 12, Road 5',
  flat: '4B',
  landmark: 'Opposite the lake mosque',
  phone: '01712345678',
} as const;

/**
 * On the checkout page (loaded, its form shown): types the test address if the shopper has none
 * saved and none is typed yet (it is saved with the order), and picks the first delivery slot offered. Answers the slot's
 * id (`2026-12-08T14`).
 */
export async function chooseWhereAndWhen(page: Page): Promise<string> {
  const slot = page.locator('input[name="slot"]:not([disabled])').first();
  await slot.waitFor({ state: 'attached' });
  const road = page.locator('input[name="address.road"]');
  // a new address the test typed itself is left as it is
  if ((await road.isVisible()) && !(await road.inputValue())) {
    await page.locator('select[name="address.district"]').selectOption(TEST_ADDRESS.district);
    await page.locator('select[name="address.area"]').selectOption(TEST_ADDRESS.area);
    await road.fill(TEST_ADDRESS.road);
    await page.locator('input[name="address.phone"]').fill(TEST_ADDRESS.phone);
  }
  // the radio is drawn as its label (the input itself is visually hidden)
  await slot.locator('xpath=..').click();
  return slot.inputValue();
}
