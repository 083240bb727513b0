import { throttle } from 'es-toolkit/function';

/**
 * `act` on what was asked, at most once every `everyMs`: the first ask at once, and every ask made
 * within the next `everyMs` together at its end, each thing once. Aborting `signal` drops what is
 * still waiting.
 */
export function coalesced<T>(act: (things: T[]) => void, everyMs: number, signal: AbortSignal): (...things: T[]) => void {
  const waiting = new Set<T>();
  const actOnWaiting = throttle(
    () => {
      const things = [...waiting];
      waiting.clear();
      act(things);
    },
    everyMs,
    { signal },
  );
  return (...things) => {
    for (const thing of things) waiting.add(thing);
    actOnWaiting();
  };
}
