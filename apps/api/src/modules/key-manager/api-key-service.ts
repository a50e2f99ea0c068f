import {
  API_KEY_LIMIT,
  API_KEY_LIMIT_MESSAGE,
  API_KEY_NOT_FOUND_MESSAGE,
  type ApiKeyInformation,
  type ApiKeySimulation,
  type ApiKeyType,
  NO_PLAN_MESSAGE,
  SIMULATION_LIMITS,
  type SimulateApiKeyRequest,
} from '@app/contract';
import { and, asc, count, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { managerApiKeys, users } from '../../db/schema/index.js';
import { ReadThroughCache } from '../../platform/cache/read-through-cache.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { RateLimiter, RateLimiterFactory } from '../../platform/rate-limit/limiter.js';
import { type ActiveSimulation, simulationOf, simulationView } from './api-key-simulation.js';
import type { CallContext } from './call-context.js';
import { auditKeyAction } from './key-audit.js';
import type { KeyProducts } from './licensing/products.js';
import type { KeyManagerPlans } from './plans.js';
import { generateApiKey, hashApiKey, maskApiKey } from './secrets.js';
import type { UsageCounter } from './usage-counter.js';
import type { WebhookEmitter } from './webhooks/webhook-emitter.js';

/** How long a verified (or unknown) API key is trusted from memory. Revocation on another instance
 * takes effect within this time; on the instance that revoked it, at once. */
export const API_KEY_CACHE_TTL_MS = 5000;
/** Published when an API key is revoked or rolled: every instance forgets its remembered caller. */
export const API_KEY_CHANGED_TOPIC = 'key-manager.api-key-changed';

/** An API key in words: its name and masked form. */
export function apiKeyTarget(row: { name: string | null; prefix: string; lastFour: string }): string {
  const masked = maskApiKey(row.prefix, row.lastFour);
  return row.name ? `${row.name} (${masked})` : masked;
}

export interface ApiKeyCaller {
  apiKeyId: string;
  ownerId: string;
  /** Publishable keys may call only `PUBLISHABLE_KEY_OPERATIONS` (checked by the guard, in memory). */
  type: ApiKeyType;
  /** Null when the owner has no Key Manager plan. */
  callsPerMinute: number | null;
  /** When the owner's plan stops working for late payment (402 from then on); null: never. */
  accessEndsAt: Date | null;
  /** The failure this key simulates, if one was started (the guard checks it is still running). */
  simulation: ActiveSimulation | null;
  /** The one product this API key reaches (decision 032); null for all of the owner's. */
  productId: string | null;
  /**
   * A rolled key's stop time (decision 037), compared with the clock on every call, so the key stops
   * at that instant also when it is answered from memory; null for a key that was not rolled.
   */
  expiresAt: Date | null;
}

/** An owner's plan as the guard needs it (no plan: `callsPerMinute` null). */
interface OwnerAccess {
  callsPerMinute: number | null;
  accessEndsAt: Date | null;
}

export class ApiKeyService {
  /** Callers by API-key hash; unknown hashes are remembered too, so a wrong key costs no query. */
  private readonly callers = new ReadThroughCache<ApiKeyCaller>({
    ttlMs: API_KEY_CACHE_TTL_MS,
    maxEntries: 10_000,
    rememberMisses: true,
  });
  /**
   * Each owner's plan access, remembered as long as a caller: a miss on a new API key of a known
   * owner costs its key lookup only, not another plan lookup (decision 025).
   */
  private readonly ownerAccess = new ReadThroughCache<OwnerAccess>({
    ttlMs: API_KEY_CACHE_TTL_MS,
    maxEntries: 10_000,
  });
  private limiters = new Map<number, RateLimiter>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly plans: KeyManagerPlans,
    private readonly rateLimiters: RateLimiterFactory,
    readonly usage: UsageCounter,
    private readonly webhooks: WebhookEmitter,
    private readonly products: KeyProducts,
    private readonly events?: EventBus,
  ) {
    // A paid, upgraded or renewed plan applies to the next call, not after the cache expires.
    plans.onChange((userId) => {
      this.ownerAccess.invalidate([userId]);
      this.callers.invalidateWhere((caller) => caller.ownerId === userId);
    });
  }

  async generate(ownerId: string, name: string | undefined, type: ApiKeyType, productId?: string) {
    const plan = await this.plans.activePlanOf(ownerId);
    if (!plan) throw conflict(NO_PLAN_MESSAGE);
    if (productId) await this.products.byId(ownerId, productId);
    const [active] = await this.db
      .select({ n: count() })
      .from(managerApiKeys)
      .where(and(eq(managerApiKeys.ownerId, ownerId), isNull(managerApiKeys.revokedAt)));
    if ((active?.n ?? 0) >= API_KEY_LIMIT) throw conflict(API_KEY_LIMIT_MESSAGE);
    const generated = generateApiKey(type);
    const [row] = await this.db
      .insert(managerApiKeys)
      .values({
        ownerId,
        name: name || null,
        type,
        keyHash: generated.hash,
        prefix: generated.prefix,
        lastFour: generated.lastFour,
        productId: productId ?? null,
        createdAt: this.clock.now(),
      })
      .returning({ id: managerApiKeys.id });
    if (!row) throw new Error('API key insert returned nothing');
    return { id: row.id, key: generated.key, type };
  }

  /** The owner's active API keys, oldest first, in keyset pages (decision 025). */
  async list(
    ownerId: string,
    query: { limit: number; cursor?: string | undefined },
  ): Promise<{ keys: ApiKeyInformation[]; nextCursor: string | null; callsPerMinute: number | null }> {
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const plan = await this.plans.activePlanOf(ownerId);
    const rows = await this.db
      .select({ row: managerApiKeys, cursorAt: exactTimestamp(managerApiKeys.createdAt) })
      .from(managerApiKeys)
      .where(
        and(
          eq(managerApiKeys.ownerId, ownerId),
          isNull(managerApiKeys.revokedAt),
          keysetAfter([managerApiKeys.createdAt, managerApiKeys.id], after, 'oldest-first'),
        ),
      )
      .orderBy(asc(managerApiKeys.createdAt), asc(managerApiKeys.id))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, (item) => [item.cursorAt, item.row.id]);
    const keys = await Promise.all(
      page.items.map(async ({ row }) => {
        const pending = this.usage.pending(row.id);
        const lastUsed =
          pending && (!row.lastUsed || pending.lastUsed > row.lastUsed) ? pending.lastUsed : row.lastUsed;
        const remaining = plan ? (await this.limiterFor(plan.callsPerMinute).peek(row.id)).remaining : 0;
        return {
          id: row.id,
          key: maskApiKey(row.prefix, row.lastFour),
          name: row.name,
          type: row.type,
          last_used: lastUsed?.toISOString() ?? null,
          remaining_requests: remaining,
          requests_made: row.requestsMade + (pending?.count ?? 0),
          created_at: row.createdAt.toISOString(),
          simulation: simulationView(simulationOf(row), this.clock.now()),
          product_id: row.productId,
          expires_at: row.expiresAt?.toISOString() ?? null,
          replaced_by: row.replacedBy,
        };
      }),
    );
    return { keys, nextCursor: page.nextCursor, callsPerMinute: plan?.callsPerMinute ?? null };
  }

  async revoke(ctx: CallContext, id: string): Promise<void> {
    const ownerId = ctx.ownerId;
    const announce = await this.webhooks.wants(ownerId, ['api_key.revoked']);
    await this.db.transaction(async (tx) => {
      const [revoked] = await tx
        .update(managerApiKeys)
        .set({ revokedAt: this.clock.now() })
        .where(
          and(
            eq(managerApiKeys.id, id),
            eq(managerApiKeys.ownerId, ownerId),
            isNull(managerApiKeys.revokedAt),
          ),
        )
        .returning({
          id: managerApiKeys.id,
          name: managerApiKeys.name,
          prefix: managerApiKeys.prefix,
          lastFour: managerApiKeys.lastFour,
        });
      if (!revoked) throw notFound(API_KEY_NOT_FOUND_MESSAGE);
      await auditKeyAction(tx, ctx, {
        action: 'api_key.revoked',
        target: apiKeyTarget(revoked),
        before: { revokedAt: null },
        after: { revokedAt: this.clock.now().toISOString() },
        detail: { apiKeyId: revoked.id },
      });
      if (announce) {
        await this.webhooks.emit(tx, ownerId, 'api_key.revoked', {
          apiKey: { id: revoked.id, name: revoked.name, key: maskApiKey(revoked.prefix, revoked.lastFour) },
        });
      }
    });
    await this.changed(id);
  }

  /**
   * Forgets a key's remembered caller on every instance (the event bus reaches the others, decision
   * 014), so a revocation or a roll applies to the next call wherever it lands.
   */
  async changed(apiKeyId: string): Promise<void> {
    this.forget(apiKeyId);
    await this.events?.publish(API_KEY_CHANGED_TOPIC, { apiKeyId });
  }

  /** This instance's part of `changed` (the bus's handler). */
  forget(apiKeyId: string): void {
    this.callers.invalidateWhere((caller) => caller.apiKeyId === apiKeyId);
  }

  /**
   * Starts (or, with `off`, stops) a simulated failure on one of the owner's active API keys, for at
   * most `SIMULATION_LIMITS.minutesMax` minutes. It changes nothing but that key's answers.
   */
  async simulate(ctx: CallContext, request: SimulateApiKeyRequest): Promise<ApiKeySimulation | null> {
    const ownerId = ctx.ownerId;
    const now = this.clock.now();
    const minutes = request.minutes ?? SIMULATION_LIMITS.minutesDefault;
    const simulation: ActiveSimulation | null =
      request.state === 'off'
        ? null
        : {
            state: request.state,
            callsPerMinute:
              request.state === 'rate-limit'
                ? (request.callsPerMinute ?? SIMULATION_LIMITS.callsPerMinuteDefault)
                : null,
            endsAt: new Date(now.getTime() + minutes * 60_000),
          };
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(managerApiKeys)
        .set({
          simulation: simulation?.state ?? null,
          simulationCallsPerMinute: simulation?.callsPerMinute ?? null,
          simulationEndsAt: simulation?.endsAt ?? null,
        })
        .where(
          and(
            eq(managerApiKeys.id, request.id),
            eq(managerApiKeys.ownerId, ownerId),
            isNull(managerApiKeys.revokedAt),
          ),
        )
        .returning({
          id: managerApiKeys.id,
          name: managerApiKeys.name,
          prefix: managerApiKeys.prefix,
          lastFour: managerApiKeys.lastFour,
        });
      if (!row) throw notFound(API_KEY_NOT_FOUND_MESSAGE);
      await auditKeyAction(tx, ctx, {
        action: 'api_key.simulated',
        target: apiKeyTarget(row),
        after: {
          simulation: simulation?.state ?? 'off',
          endsAt: simulation?.endsAt.toISOString() ?? null,
        },
        detail: { apiKeyId: row.id },
      });
      return row;
    });
    if (!updated) throw notFound(API_KEY_NOT_FOUND_MESSAGE);
    // This instance applies it to the next call; others within API_KEY_CACHE_TTL_MS, like a revocation.
    this.callers.invalidateWhere((caller) => caller.apiKeyId === request.id);
    return simulationView(simulation, now);
  }

  /** Resolves a presented API key: by its SHA-256 hash (unique index), then from memory briefly. */
  verify(presented: string): Promise<ApiKeyCaller | null> {
    const hash = hashApiKey(presented);
    return this.callers.read(hash, () => this.lookUp(hash));
  }

  private async lookUp(hash: string): Promise<ApiKeyCaller | null> {
    const [row] = await this.db
      .select({
        id: managerApiKeys.id,
        ownerId: managerApiKeys.ownerId,
        type: managerApiKeys.type,
        disabled: users.disabled,
        simulation: managerApiKeys.simulation,
        simulationCallsPerMinute: managerApiKeys.simulationCallsPerMinute,
        simulationEndsAt: managerApiKeys.simulationEndsAt,
        productId: managerApiKeys.productId,
        expiresAt: managerApiKeys.expiresAt,
        revokedAt: managerApiKeys.revokedAt,
      })
      .from(managerApiKeys)
      .innerJoin(users, eq(users.id, managerApiKeys.ownerId))
      // A rolled key stays found after its stop time, so it answers `api_key_expired`, not "invalid".
      .where(
        and(
          eq(managerApiKeys.keyHash, hash),
          or(isNull(managerApiKeys.revokedAt), isNotNull(managerApiKeys.expiresAt)),
        ),
      )
      .limit(1);
    if (!row || row.disabled) return null;
    const access = await this.ownerAccess.read(row.ownerId, () => this.loadOwnerAccess(row.ownerId));
    return {
      apiKeyId: row.id,
      ownerId: row.ownerId,
      type: row.type,
      callsPerMinute: access?.callsPerMinute ?? null,
      accessEndsAt: access?.accessEndsAt ?? null,
      simulation: simulationOf(row),
      productId: row.productId,
      // A rolled key revoked by hand during its overlap stops when it was revoked.
      expiresAt:
        row.expiresAt && row.revokedAt && row.revokedAt < row.expiresAt ? row.revokedAt : row.expiresAt,
    };
  }

  private async loadOwnerAccess(ownerId: string): Promise<OwnerAccess> {
    const access = await this.plans.accessOf(ownerId);
    return {
      callsPerMinute: access?.plan.callsPerMinute ?? null,
      accessEndsAt: access?.accessEndsAt ?? null,
    };
  }

  /**
   * An account was disabled or enabled: forget every remembered caller, including unknown-key
   * misses, which carry no owner to match (a rare admin action; the next calls look up again).
   */
  accountAccessChanged(): void {
    this.ownerAccess.clear();
    this.callers.clear();
  }

  /** One limiter per plan rate (60 s window), keyed by API key id. */
  limiterFor(callsPerMinute: number): RateLimiter {
    let limiter = this.limiters.get(callsPerMinute);
    if (!limiter) {
      limiter = this.rateLimiters({
        name: `key-manager-api-${callsPerMinute}`,
        points: callsPerMinute,
        durationSeconds: 60,
      });
      this.limiters.set(callsPerMinute, limiter);
    }
    return limiter;
  }
}
