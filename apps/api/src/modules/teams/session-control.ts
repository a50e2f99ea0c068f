/**
 * What teams needs of the accounts feature's sessions (decision 033), named here so the teams
 * feature depends on this shape, not on the accounts feature's class; featureRoutes() passes the
 * session service, which has these methods.
 */
export interface SessionControl {
  /** Moves a session to an account the person belongs to; false when they do not (or it ended). */
  switchAccount(userId: string, sessionId: string, accountId: string): Promise<boolean>;
  /** Ends the person's sessions acting for that account, on every instance at once. */
  endSessionsActingFor(userId: string, accountId: string): Promise<void>;
  /** The person's cached session state is stale (a role changed): every instance re-reads it. */
  accountChanged(userId: string): Promise<void>;
}
