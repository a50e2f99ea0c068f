import { createHmac } from 'node:crypto';
import { COMMON_SECURITY_QUESTIONS } from '@app/contract';

/**
 * The forgot-password dialog answers an email without an account like one with an account: with a
 * security question. It is picked from the questions the sign-up form suggests by an HMAC of the
 * email, so the same email always gets the same question, and nobody without the server's secret
 * can tell it from a real one (decision 014).
 */
export class DecoyQuestions {
  private readonly key: Buffer;

  /** `serverSecret` is the JWT secret; a key of its own is derived from it for this one purpose. */
  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('forgot-password decoy question').digest();
  }

  for(email: string): string {
    const digest = createHmac('sha256', this.key).update(email.toLowerCase()).digest();
    const index = digest.readUInt32BE(0) % COMMON_SECURITY_QUESTIONS.length;
    return COMMON_SECURITY_QUESTIONS[index] as string;
  }
}
