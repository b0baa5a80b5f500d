import { createContext, useContext } from 'react';
import type { SessionInfo } from '../../api-contract.ts';

/** Who is signed in, for every page under the sign-in. */
export const SessionContext = createContext<SessionInfo | null>(null);

export function useSession(): SessionInfo {
  const session = useContext(SessionContext);
  if (session === null) {
    throw new Error('useSession outside a signed-in page');
  }
  return session;
}
