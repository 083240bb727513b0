declare global {
  interface Window {
    /** the buttons tapped on a rendered page before React hydrated them, kept by index.html's script */
    bazarEarlyTaps?: HTMLElement[];
  }
}

/** Once the page has hydrated: stops keeping taps (React has every button) and taps again each
 *  button kept, now with React's handlers. */
export function replayEarlyTaps(): void {
  const taps = new Set(window.bazarEarlyTaps);
  window.bazarEarlyTaps = undefined;
  for (const button of taps) if (button.isConnected) button.click();
}

/** A page rendered afresh has other elements than those tapped: what was tapped on them is gone. */
export function dropEarlyTaps(): void {
  window.bazarEarlyTaps = undefined;
}
