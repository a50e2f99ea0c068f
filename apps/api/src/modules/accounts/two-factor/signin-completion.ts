import type { UserType } from '@app/contract';
import type { SessionOrigin, SessionService, TokenPair } from '../sessions.js';
import type { SecondFactorGate, SecondFactorProofInput } from './second-factor.js';

/**
 * The second call of a sign-in (a client's, a staff member's or the admin login): the challenge the
 * password step gave and a proof. A good proof opens the session the password alone did not.
 */
export async function completeSignIn(
  deps: { gate: SecondFactorGate; sessions: SessionService },
  challenge: string,
  proof: SecondFactorProofInput,
  origin: SessionOrigin,
): Promise<TokenPair & { userType: UserType }> {
  const { user, data } = await deps.gate.complete(challenge, proof, ['signin', 'admin-signin'], origin.ip);
  const { access, refresh, accountId } = await deps.sessions.issue(user, data.rememberMe === true, origin);
  await deps.gate.signedIn(user, accountId, proof.method, origin.ip);
  return { access, refresh, userType: user.userType };
}
