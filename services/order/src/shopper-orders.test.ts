// When the shoppers' lists are compared with the orders: with the first pass over every order that
// goes through, and never again. The lists' own writes are the integration test's
// (shopper-orders.int.test.ts); here the reader and the comparison are stand-ins.
import { createLogger } from '@bazar/service-kit';
import { ShopperOrders } from './shopper-orders';

it('compares the shoppers’ lists with the first pass that reads every order, after one that failed, and then no more', async () => {
  const shoppers = new ShopperOrders(createLogger('shopper-orders-test', 'silent'));
  const finish = jest.fn(async () => undefined);
  jest.spyOn(shoppers, 'reconciliation').mockReturnValue({ see: () => undefined, finish });
  let databaseAway = true;
  const readEveryOrder = jest.fn(async () => {
    if (databaseAway) throw new Error('database away');
  });
  const pass = shoppers.reconcilingWith(readEveryOrder);

  await expect(pass()).rejects.toThrow('database away');
  expect(finish).not.toHaveBeenCalled();

  databaseAway = false;
  await pass();
  expect(readEveryOrder).toHaveBeenLastCalledWith(expect.any(Function));
  expect(finish).toHaveBeenCalledTimes(1);

  await pass();
  expect(readEveryOrder).toHaveBeenLastCalledWith();
  expect(finish).toHaveBeenCalledTimes(1);
});
