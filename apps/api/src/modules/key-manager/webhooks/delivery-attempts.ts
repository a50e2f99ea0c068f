import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { webhookAttempts, webhookDeliveries } from '../../../db/schema/index.js';
import type { PostOutcome } from './outbound-post.js';

/** A try that made no request (unreadable secret, paused endpoint): logged like any other. */
export function notSent(error: string): PostOutcome {
  return { statusCode: null, succeeded: false, latencyMs: 0, responseExcerpt: null, error, timedOut: false };
}

/** Counts the try on the delivery and adds it to the log, in one transaction. */
export async function recordAttempt(
  db: Db,
  deliveryId: string,
  endpointId: string,
  result: PostOutcome,
  isLastAttempt: boolean,
): Promise<void> {
  const failedFor = result.succeeded ? null : isLastAttempt ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    const [counted] = await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        // The log is a record of network events: database time, which orders attempts across instances.
        lastAttemptAt: sql`now()`,
        // A failure never overwrites a success that a parallel redelivery recorded.
        status: failedFor
          ? sql`case when ${webhookDeliveries.status} = 'succeeded' then 'succeeded' else ${failedFor} end`
          : 'succeeded',
      })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning({ attempts: webhookDeliveries.attempts });
    if (!counted) return;
    await tx.insert(webhookAttempts).values({
      deliveryId,
      endpointId,
      attempt: counted.attempts,
      statusCode: result.statusCode,
      succeeded: result.succeeded,
      latencyMs: result.latencyMs,
      responseExcerpt: result.responseExcerpt,
      error: result.error,
    });
  });
}
