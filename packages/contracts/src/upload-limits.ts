// An image upload's form field and size, which the dashboard uses at run time, without zod (see
// order-steps.ts).

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FIELD = 'image';
