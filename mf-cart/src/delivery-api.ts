import { declaredMutation, declaredQuery, storefrontApi } from '@bazar/web-kit/api';

/** Where and when to deliver (issue 54): the shopper's address book and the delivery slots. The
 *  slots are read again with the orders ('Order'): an order placed or cancelled takes or frees a
 *  place. The address book is read again by the page after it adds one. */
export const deliveryApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getMyAddresses: declaredQuery(build, 'myAddresses'),
    addAddress: declaredMutation(build, 'addAddress'),
    getDeliverySlots: declaredQuery(build, 'deliverySlots', { providesTags: ['Order'] }),
  }),
  overrideExisting: 'throw',
});

export const { useGetMyAddressesQuery, useAddAddressMutation, useGetDeliverySlotsQuery } = deliveryApi;
