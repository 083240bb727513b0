/**
 * Delivery slots: two-hour windows from 8:00 to 22:00 Bangladesh time (Asia/Dhaka, UTC+6 all year,
 * no daylight saving), today and tomorrow. A slot's id is its day and starting hour there,
 * `2026-12-07T14` for 14:00–16:00 on 7 December. Plain arithmetic, no zod: the checkout's page and
 * the services both use it.
 */

/** Bangladesh is UTC+6 all year. */
export const DHAKA_OFFSET_MS = 6 * 60 * 60_000;
/** The hour each window starts at; the last one ends at 22:00. */
export const SLOT_START_HOURS = [8, 10, 12, 14, 16, 18, 20] as const;
export const SLOT_HOURS = 2;
/** How many days are offered: today and tomorrow. */
export const SLOT_DAYS = 2;
/** `YYYY-MM-DDTHH`, HH one of SLOT_START_HOURS */
export const SLOT_ID_PATTERN = /^(\d{4}-\d{2}-\d{2})T(08|10|12|14|16|18|20)$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The day in Bangladesh `plusDays` after the one `at` falls on, YYYY-MM-DD. */
export function dhakaDay(at: Date, plusDays = 0): string {
  const local = new Date(at.getTime() + DHAKA_OFFSET_MS + plusDays * 86_400_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** The slots of a day, earliest first. */
export const slotsOn = (day: string): string[] => SLOT_START_HOURS.map((hour) => `${day}T${pad(hour)}`);

/** When the slot starts and ends; undefined for a string that is no slot. */
export function slotWindow(slot: string): { day: string; startHour: number; start: Date; end: Date } | undefined {
  const match = SLOT_ID_PATTERN.exec(slot);
  if (!match) return undefined;
  const [, day, hour] = match as unknown as [string, string, string];
  const start = new Date(`${day}T${hour}:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) return undefined; // 2026-02-30
  start.setTime(start.getTime() - DHAKA_OFFSET_MS);
  return { day, startHour: Number(hour), start, end: new Date(start.getTime() + SLOT_HOURS * 60 * 60_000) };
}

/** The days whose slots are offered at `now`: today and tomorrow in Bangladesh. */
export const offeredDays = (now: Date): string[] => Array.from({ length: SLOT_DAYS }, (_, n) => dhakaDay(now, n));

/** Why a slot cannot be chosen at `now` (`past`: it has started; `notOffered`: not today or
 *  tomorrow, or no slot at all), or undefined when it can, capacity aside. A slot is offered until
 *  it starts. */
export function slotRefusal(slot: string, now: Date): 'past' | 'notOffered' | undefined {
  const window = slotWindow(slot);
  if (!window || !offeredDays(now).includes(window.day)) return 'notOffered';
  return window.start.getTime() <= now.getTime() ? 'past' : undefined;
}

/** The refusals' words (409), as the order service answers them. */
export const SLOT_FULL = 'This delivery slot is full; choose another';
export const SLOT_PAST = 'This delivery slot has already started; choose another';
export const SLOT_NOT_OFFERED = 'Delivery slots can be chosen for today and tomorrow only';
