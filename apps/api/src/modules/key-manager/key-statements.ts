import { type SQL, sql } from 'drizzle-orm';
import type { KeyEventAction } from '../../db/schema/index.js';
import type { CallContext, KeyRef } from './call-context.js';
import { keyColumns, usableSql } from './licensing/key-record.js';

// The SQL every licence-key writer shares: which key a call reaches, the conditional count UPDATE,
// and the key event written in the same statement (key-operations.ts, licensing/key-lifecycle.ts).

const RETURNING = keyColumns();

/**
 * One conditional UPDATE per count change. An activation needs an active, usable key (not suspended,
 * not past expiry plus grace under a refusing policy) with a free slot; the first activation of a key
 * whose clock starts then sets its expiry (`duration` without `expires_at`, decision 032).
 */
export function countUpdate(
  action: 'activate' | 'deactivate',
  where: SQL,
  ctx: CallContext,
  now: string,
): SQL {
  const update =
    action === 'activate'
      ? sql`update licence_keys set current_activations = current_activations + 1, updated_at = ${now},
              expires_at = case when expires_at is null and duration is not null
                then ${now}::timestamptz + duration::interval else expires_at end
            where ${where} and is_active and ${usableSql(now)}
              and (max_activations = 0 or current_activations < max_activations)
            returning owner_id, ${RETURNING}`
      : sql`update licence_keys set current_activations = current_activations - 1, updated_at = ${now}
            where ${where} and is_active and current_activations > 0
            returning owner_id, ${RETURNING}`;
  return withEvent(update, action, action === 'activate' ? 1 : -1, ctx, now);
}

/** A key-event row as the dashboard's writers insert it (with the member who acted, decision 033). */
export function keyEventRow(
  ctx: CallContext,
  keyId: string,
  action: KeyEventAction,
  delta: number,
  at: Date,
) {
  return {
    ownerId: ctx.ownerId,
    keyId,
    action,
    delta,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    actorName: ctx.actorName ?? null,
    createdAt: at,
  };
}

/** Wraps a data-modifying statement (returning `owner_id, id` and the key's columns) so the same round trip appends the key-event row. */
export function withEvent(
  statement: SQL,
  action: KeyEventAction,
  delta: number,
  ctx: CallContext,
  now: string,
): SQL {
  // An application's call (the hot path) names no person: its statement stays as it was.
  if (ctx.actorName) {
    return sql`with changed as (${statement}),
      logged as (
        insert into key_events (owner_id, key_id, action, delta, ip, user_agent, actor_name, created_at)
        select owner_id, id, ${action}, ${delta}, ${ctx.ip}, ${ctx.userAgent}, ${ctx.actorName}, ${now} from changed
      )
      select * from changed`;
  }
  return sql`with changed as (${statement}),
    logged as (
      insert into key_events (owner_id, key_id, action, delta, ip, user_agent, created_at)
      select owner_id, id, ${action}, ${delta}, ${ctx.ip}, ${ctx.userAgent}, ${now} from changed
    )
    select * from changed`;
}

/**
 * A key reaches only its owner's rows: another owner's key reads as unknown, and so does another
 * product's key for an API key restricted to one product.
 */
export function matches(ref: KeyRef, ctx: Pick<CallContext, 'ownerId' | 'productId'>): SQL {
  const byRef = ref.key !== undefined ? sql`key = ${ref.key}` : sql`id = ${ref.id ?? null}::uuid`;
  const product = ctx.productId ? sql` and product_id = ${ctx.productId}::uuid` : sql``;
  return sql`${byRef} and owner_id = ${ctx.ownerId}::uuid${product}`;
}
