import type { KeyManagerPublicOperation } from '@app/contract';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the API-key guard once the API key is known (decision 037): this call is counted, even
     * when the guard or the handler refuses it. Null when analytics are off or the key was unknown.
     */
    keyUsage: UsageMark | null;
  }
}

/**
 * What one public call contributes to the analytics, filled as it becomes known: who called (the
 * guard), and the validation code (validate-key's handler). The rest is read once the reply is sent.
 */
export class UsageMark {
  /** validate-key's code (VALID, EXPIRED, …); null: `ok`, or the failure's error code. */
  outcome: string | null = null;

  constructor(
    readonly ownerId: string,
    readonly apiKeyId: string,
    /** The API key's one product (decision 032), the product of a call whose key is unknown. */
    readonly productId: string | null,
    readonly operation: KeyManagerPublicOperation,
  ) {}
}

/** validate-key's handler: the call's outcome is the validation's code. */
export function markOutcome(mark: UsageMark | null, outcome: string): void {
  if (mark) mark.outcome = outcome;
}
