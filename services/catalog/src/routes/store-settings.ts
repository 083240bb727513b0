import { API, TOTAL_COUNT_HEADER, type Product as ProductAnswer, type StoreSettings as StoreSettingsAnswer } from '@bazar/contracts';
import { endpointRouter } from '@bazar/service-kit/http';
import type { Router } from 'express';
import { ANSWER_FIELDS, Product, toProductAnswer, type AnswerFields } from '../model/product';
import { STORE_SETTINGS_ID, StoreSettings, storeSettings } from '../model/store-settings';

/** The admin's store settings (the low-stock threshold) and the products running out. */
export function storeSettingsRoutes(): Router {
  const router = endpointRouter();

  router.implement(API.storeSettings, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json((await storeSettings()) satisfies StoreSettingsAnswer);
  });

  router.implement(API.setStoreSettings, async (req, res) => {
    const { lowStockThreshold } = req.body;
    await StoreSettings.updateOne({ _id: STORE_SETTINGS_ID }, { $set: { lowStockThreshold } }, { upsert: true });
    res.json({ lowStockThreshold } satisfies StoreSettingsAnswer);
  });

  // Read from the products themselves, not the shelf's cache: stock moves with every order, and
  // the admin restocking wants the count as it is now.
  router.implement(API.lowStock, async (req, res) => {
    const { page, pageSize } = req.query;
    const { lowStockThreshold } = await storeSettings();
    const filter = { quantity: { $lt: lowStockThreshold } };
    const [products, total] = await Promise.all([
      Product.find(filter)
        .select(ANSWER_FIELDS)
        .sort({ quantity: 1, _id: 1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<AnswerFields[]>(),
      Product.countDocuments(filter),
    ]);
    res
      .set('Cache-Control', 'no-store')
      .set(TOTAL_COUNT_HEADER, String(total))
      .json(products.map(toProductAnswer) satisfies ProductAnswer[]);
  });

  return router;
}
