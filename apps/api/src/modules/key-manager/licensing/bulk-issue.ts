import { NO_PLAN_MESSAGE, type ZIssueKeysRequest } from '@app/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { KeyPolicyRow } from '../../../db/schema/index.js';
import type { Clock } from '../../../platform/clock.js';
import { csvRecord } from '../../../platform/csv/csv.js';
import { conflict } from '../../../platform/http/errors.js';
import type { CallContext } from '../call-context.js';
import type { KeyManagerPlans } from '../plans.js';
import { type BulkKey, type InsertedKey, insertKeysUnderPlan, type WriteProgress } from './bulk-insert.js';
import { termsFromPolicy } from './key-terms.js';
import type { KeyPolicies } from './policies.js';

export type IssueKeys = z.output<typeof ZIssueKeysRequest>;

export interface IssuedKeys {
  keys: InsertedKey[];
  policy: KeyPolicyRow;
  at: Date;
}

/**
 * Issues many keys from one policy (decision 032): every key with the policy's terms as of now, the
 * request's name and customer, in one transaction under the plan limit (bulk-insert.ts).
 *
 * No `key.created` webhook is sent for these keys (decision 032): one call may make 10,000 keys,
 * and as many deliveries would flood the owner's endpoint and the delivery queue for one action
 * whose result the caller already holds (the reply lists every key). The keys' 'create' events are
 * recorded as for any key.
 */
export class BulkIssue {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plans: KeyManagerPlans,
    private readonly policies: KeyPolicies,
  ) {}

  async issue(ctx: CallContext, input: IssueKeys, onProgress?: WriteProgress): Promise<IssuedKeys> {
    const plan = await this.plans.activePlanOf(ctx.ownerId);
    if (!plan) throw conflict(NO_PLAN_MESSAGE);
    const policy = await this.policies.get(ctx.ownerId, input.policyId);
    const at = this.clock.now();
    const terms = termsFromPolicy(policy, at);
    const key: BulkKey = {
      key: null,
      name: input.name || null,
      note: null,
      terms,
      isActive: true,
      customerName: input.customerName || null,
      customerEmail: input.customerEmail || null,
      customerRef: input.customerRef || null,
    };
    const keys = await insertKeysUnderPlan(
      this.db,
      ctx,
      plan,
      Array(input.count).fill(key),
      at,
      undefined,
      onProgress,
      { action: 'keys.bulk_issued', target: policy.name, detail: { policyId: policy.id } },
    );
    return { keys, policy, at };
  }
}

/** The issued keys as a CSV file: a header row, then `id,key` per key. */
export function issuedKeysCsv(keys: readonly InsertedKey[]): string {
  let text = csvRecord(['id', 'key']);
  for (const { id, key } of keys) text += csvRecord([id, key]);
  return text;
}

/** `keys-<policy name as a slug>-<UTC date>.csv`: ASCII only, so it needs no encoded filename. */
export function issuedKeysFileName(policyName: string, at: Date): string {
  const slug =
    policyName
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'policy';
  return `keys-${slug}-${at.toISOString().slice(0, 10)}.csv`;
}
