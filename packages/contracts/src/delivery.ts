import { z } from 'zod';
import { isBdArea, bdDistrict } from './bd-areas';
import { BdMobilePhone, ONE_LINE, ONE_LINE_MESSAGE, ObjectIdString, Text } from './common';
import { SLOT_ID_PATTERN, slotWindow } from './delivery-slots';

const OneLine = (max: number) => Text(max).regex(ONE_LINE, ONE_LINE_MESSAGE);
const OptionalLine = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).regex(ONE_LINE, ONE_LINE_MESSAGE).optional();

/** A Bangladeshi delivery address: a district and one of its areas (thana) from the store's list
 *  (bd-areas.ts, English names), the road and house, a flat, a landmark for the rider and the phone
 *  the rider calls. */
export const DeliveryAddress = z
  .strictObject({
    /** what the shopper calls it: Home, Office, Mother's */
    label: OptionalLine(40),
    district: z
      .string()
      .trim()
      .max(60)
      .refine((name) => bdDistrict(name) !== undefined, 'district must be one the store delivers to'),
    area: Text(60),
    /** road and house, as the rider reads them: "House 12, Road 5" */
    road: OneLine(120),
    flat: OptionalLine(60),
    landmark: OptionalLine(120),
    phone: BdMobilePhone,
  })
  .refine((address) => !bdDistrict(address.district) || isBdArea(address.district, address.area), {
    message: 'area must be one of the district’s areas',
    path: ['area'],
  });
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

/** An address of the shopper's address book. */
export const SavedAddress = z.object({
  _id: ObjectIdString,
  label: z.string().optional(),
  district: z.string(),
  area: z.string(),
  road: z.string(),
  flat: z.string().optional(),
  landmark: z.string().optional(),
  phone: z.string(),
  /** the one checkout starts with; exactly one address of a book that has any is */
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;
/** The address book, the default first, then the newest. */
export const AddressBook = z.array(SavedAddress);
export type AddressBook = z.infer<typeof AddressBook>;

/** How many addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 10;

/** POST /addresses and PUT /addresses/{id}: the address, and whether it becomes the default (the
 *  first address always does). PUT replaces the address as a whole. */
export const AddressEntry = z.strictObject({
  address: DeliveryAddress,
  makeDefault: z.boolean().optional(),
});
export type AddressEntry = z.infer<typeof AddressEntry>;

const SLOT_ID_SHAPE = z
  .string()
  .regex(SLOT_ID_PATTERN, 'slot must be a day and a starting hour, such as 2026-12-07T14')
  .meta({ description: 'A two-hour delivery window in Bangladesh time, YYYY-MM-DDTHH (HH: 08, 10, … 20)' });

/** A delivery slot's id: `2026-12-07T14` is 14:00–16:00 Bangladesh time on 7 December. */
export const DeliverySlotId = SLOT_ID_SHAPE.refine((slot) => slotWindow(slot) !== undefined, 'slot must be on a day of the calendar');

/** In a path, a slot's id is its shape: a day the calendar has not (2026-02-30) names no slot the
 *  store offers, which the service answers 404 as it does any day but today and tomorrow. */
export const DeliverySlotParams = z.strictObject({ slot: SLOT_ID_SHAPE });

/** A slot as offered: `offered` is false once it has started or is full. */
export const DeliverySlot = z.object({
  id: z.string(),
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  /** how many orders it takes: the store's default, or the admin's for this slot (`capacitySet`) */
  capacity: z.number().int(),
  capacitySet: z.boolean(),
  taken: z.number().int(),
  left: z.number().int(),
  offered: z.boolean(),
});
export type DeliverySlot = z.infer<typeof DeliverySlot>;

/** GET /deliveryslots: today's and tomorrow's slots, earliest first, and the default capacity. */
export const DeliverySlotList = z.object({ defaultCapacity: z.number().int(), slots: z.array(DeliverySlot) });
export type DeliverySlotList = z.infer<typeof DeliverySlotList>;

export const MAX_SLOT_CAPACITY = 10_000;
const Capacity = z.number().int().min(0).max(MAX_SLOT_CAPACITY);

/** PUT /deliveryslotcapacity: how many orders a slot takes unless the admin set its own. */
export const SetDefaultSlotCapacity = z.strictObject({ capacity: Capacity });
export type SetDefaultSlotCapacity = z.infer<typeof SetDefaultSlotCapacity>;
/** PUT /deliveryslots/{slot}: this slot's own capacity, or null for the default again. Lowering it
 *  below the orders it has keeps them; it only takes no more. */
export const SetSlotCapacity = z.strictObject({ capacity: Capacity.nullable() });
export type SetSlotCapacity = z.infer<typeof SetSlotCapacity>;
