type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

declare global {
  interface Window {
    /** what was done on a rendered page before React hydrated it, kept by index.html's script: the
     *  buttons tapped, and the fields typed in or chosen from, with what they held */
    bazarEarlyInput?: { taps: HTMLElement[]; typed: Map<Field, string> };
  }
}

/** Once the page has hydrated: stops keeping input (React has every element) and makes again what was
 *  kept, now with React's handlers: each field gets back what was typed in or chosen, as the shopper
 *  would give it (React set it back as it hydrated), then each button is tapped again. */
export function replayEarlyInput(): void {
  const early = window.bazarEarlyInput;
  window.bazarEarlyInput = undefined;
  if (!early) return;
  for (const [field, value] of early.typed) if (field.isConnected) typeInto(field, value);
  // a button React does not own (its part gave up waiting for its code) has no handler to answer
  for (const button of new Set(early.taps)) if (button.isConnected && ownedByReact(button)) button.click();
}

/** React marks the elements it has hydrated or rendered with a `__reactFiber$` key. */
export const ownedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** A page rendered afresh has other elements than those used: what was done on them is gone. */
export function dropEarlyInput(): void {
  window.bazarEarlyInput = undefined;
}

/** Sets the field's value as the shopper does, so that React's onChange sees it. A list's choice is
 *  a change event. For typing, React notes the value it last saw (it hydrated the field with what was
 *  typed, and sets it back to its own state when it next renders it), and calls onChange for an input
 *  event only when the value differs from that. */
function typeInto(field: Field, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = ''; // through React's note of the value
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value); // past it
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
