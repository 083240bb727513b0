// Not in web-kit's root, which is part of the shell's first render: the apps take it where a click
// needs to know whether the visitor is signed in.
import type { SessionState } from './session';

/** The session once it is known: a click while the page is still finding out whether the visitor is
 *  signed in waits for the answer, rather than telling a signed-in shopper to log in first. */
export function knownSession(store: {
  getState(): { session: SessionState };
  subscribe(listener: () => void): () => void;
}): Promise<SessionState> {
  return new Promise((resolve) => {
    const settle = () => {
      const { session } = store.getState();
      if (session.status === 'resolving') return false;
      resolve(session);
      return true;
    };
    if (settle()) return;
    const unsubscribe = store.subscribe(() => settle() && unsubscribe());
  });
}
