import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';

export interface SeedContext {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * A step of demo content. Each feature adds its own; every step must be idempotent (check before
 * insert, or insert … on conflict do nothing) because seeding runs at every start.
 */
export interface SeedStep {
  name: string;
  run(context: SeedContext): Promise<void>;
}

export async function runSeeds(context: SeedContext, steps: readonly SeedStep[]): Promise<void> {
  for (const step of steps) {
    await step.run(context);
    context.log.debug({ step: step.name }, 'seed step done');
  }
}
