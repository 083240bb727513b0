// Numbers as people type them, without zod: a page's form checks them as it is filled in, and a
// page's code must not bring zod along for a pattern.

/** Text with the Bangla digits (০-৯) a Bangla keyboard types as the digits 0-9 the store keeps. */
export const westernDigits = (text: string) => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - '০'.charCodeAt(0)));

/** The API's words refusing a phone number that is not a Bangladeshi mobile one (BdMobilePhone). */
export const NOT_A_MOBILE_NUMBER = 'must be a Bangladeshi mobile number such as 01712345678';

/** What a phone field of a form lets through as typed (its `pattern` attribute, which browsers read
 *  with the `v` flag): what BdMobilePhone takes, in either script's digits, spaces and dashes
 *  anywhere. */
export const BD_MOBILE_INPUT_PATTERN = String.raw`(\+[8৮][8৮][0০]|[0০])[\s\-]*[1১][\s\-]*[3-9৩-৯]([\s\-]*[0-9০-৯]){8}[\s\-]*`;

/** A MongoDB ObjectId as written in a URL or a search box: 24 hex characters. A plain pattern, so
 *  that a page can recognise an order id without bringing zod (ObjectIdString in ./common is the
 *  schema built on it). */
export const OBJECT_ID_PATTERN = /^[0-9a-fA-F]{24}$/;
