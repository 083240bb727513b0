import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useSelector } from 'react-redux';

/** The signed-in account as the identity provider reports it. */
export interface Shopper {
  email: string;
  name: string;
  /** Whether the account's address is verified (the token's `email_verified`), which Place Order
   *  goes by. Kept up to date as the token is refreshed. A shell that predates it leaves it out. */
  emailVerified?: boolean;
}

export type SessionState = { status: 'resolving' } | { status: 'signedOut' } | { status: 'signedIn'; shopper: Shopper };

const initialState = { status: 'resolving' } as SessionState;

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (_state, action: PayloadAction<Shopper>): SessionState => ({
      status: 'signedIn',
      shopper: action.payload,
    }),
    signedOut: (): SessionState => ({ status: 'signedOut' }),
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;

export function useSession(): SessionState {
  return useSelector((state: { session: SessionState }) => state.session);
}

export function useShopper(): Shopper | undefined {
  const session = useSession();
  return session.status === 'signedIn' ? session.shopper : undefined;
}

type AccessTokenSource = () => Promise<string | undefined>;

let accessToken: AccessTokenSource = async () => undefined;

/**
 * The shell hands over keycloak-js's token getter here, so every request asks for a fresh token
 * at the moment it is sent; the token itself never enters the store or local storage.
 */
export function provideAccessToken(source: AccessTokenSource): void {
  accessToken = source;
}

export function currentAccessToken(): Promise<string | undefined> {
  return accessToken();
}
