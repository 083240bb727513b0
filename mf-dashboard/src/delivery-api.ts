import { declaredMutation, declaredQuery, storefrontApi } from '@bazar/web-kit/api';

const SLOTS = { type: 'Order', id: 'slots' } as const;

/** The delivery slots as the admin sets them (issue 54): today's and tomorrow's with their places
 *  taken, read again with the orders (an order placed or cancelled takes or frees a place). */
export const deliveryAdminApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    getSlotCapacities: declaredQuery(build, 'deliverySlots', { providesTags: ['Order', SLOTS] }),
    setDefaultSlotCapacity: declaredMutation(build, 'setDefaultSlotCapacity', { invalidatesTags: [SLOTS] }),
    setSlotCapacity: declaredMutation(build, 'setSlotCapacity', { invalidatesTags: [SLOTS] }),
  }),
  overrideExisting: 'throw',
});

export const { useGetSlotCapacitiesQuery, useSetDefaultSlotCapacityMutation, useSetSlotCapacityMutation } = deliveryAdminApi;
