import {
  JOB_RETRY_MESSAGE,
  OPERATIONS_PATHS,
  ZJobRetryRequest,
  ZJobRetryResponse,
  ZJobsQuery,
  ZJobsResponse,
  ZJobsSummaryResponse,
  ZMailListResponse,
  ZMailMessageResponse,
  ZMailParams,
  ZMailQuery,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { JobAdmin } from './job-admin.js';
import { MailAdmin } from './mail-admin.js';

const tags = ['admin'];
const security = [{ accessToken: [] }];

/** The admin's Jobs and Mail views (docs/api.md, "Jobs and mail"). */
export const operationsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const jobs = new JobAdmin(deps.database.db, deps.jobs);
    const mail = new MailAdmin(deps.database.db);
    const adminOnly = deps.guards.requireRole('admin');

    app.get(
      OPERATIONS_PATHS.jobsSummary,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          security,
          summary: 'Jobs per queue and state',
          response: { 200: ZJobsSummaryResponse },
        },
      },
      async () => ({ status: 'ok' as const, queues: await jobs.summary() }),
    );

    app.get(
      OPERATIONS_PATHS.jobs,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          security,
          summary: 'Jobs, newest first (failed jobs are the dead letters)',
          querystring: ZJobsQuery,
          response: { 200: ZJobsResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, ...(await jobs.list(request.query)) }),
    );

    app.post(
      OPERATIONS_PATHS.jobRetry,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          security,
          summary: 'Run a failed or waiting job again now',
          body: ZJobRetryRequest,
          response: { 200: ZJobRetryResponse },
        },
      },
      async (request) => {
        await jobs.retryNow(request.body.id);
        request.log.info({ job: request.body.id }, 'admin retried a job');
        return { status: 'ok' as const, message: JOB_RETRY_MESSAGE };
      },
    );

    app.get(
      OPERATIONS_PATHS.mail,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          security,
          summary: 'Mail the product sent or queued, newest first',
          querystring: ZMailQuery,
          response: { 200: ZMailListResponse },
        },
      },
      async (request) => ({
        status: 'ok' as const,
        transport: deps.mailer.transport,
        ...(await mail.list(request.query)),
      }),
    );

    app.get(
      OPERATIONS_PATHS.mailMessage,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          security,
          summary: 'One mail with its text and HTML parts',
          params: ZMailParams,
          response: { 200: ZMailMessageResponse },
        },
      },
      async (request) => ({ status: 'ok' as const, mail: await mail.get(request.params.id) }),
    );
  };
