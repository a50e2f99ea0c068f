import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import { sellerOf } from '../../../config.js';
import type { ProjectNotifier } from '../notifier.js';
import type { ProjectService } from '../service.js';
import { QuoteDecisions } from './quote-decisions.js';
import { QuoteDrafts } from './quote-drafts.js';
import { QuoteQueries } from './quote-queries.js';
import { quoteRoutes } from './quote-routes.js';

/** Quotes and milestones of projects (decision 035), with the projects feature's notifier. */
export function quoteFeatureRoutes(
  deps: AppDeps,
  projects: ProjectService,
  notifier: ProjectNotifier,
): FastifyPluginAsyncZod {
  const db = deps.database.db;
  const seller = sellerOf(deps.config);
  return quoteRoutes(
    deps,
    projects,
    new QuoteDrafts(db, deps.clock, notifier),
    new QuoteDecisions(db, deps.clock, notifier, seller, deps.catalog),
    new QuoteQueries(db, deps.clock, seller),
  );
}
