/** The reason a service gave for refusing a request (`{ error }`), if it gave one. */
export function serverMessage(error: unknown): string | undefined {
  const body = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof body?.error === 'string' ? body.error : undefined;
}
