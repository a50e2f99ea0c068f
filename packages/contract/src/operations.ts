import { z } from 'zod';
import { zNextCursor, zPageQuery } from './pagination.js';

/** Admin operations views (not in the spec; docs/api.md "Jobs and mail"). */
export const OPERATIONS_PATHS = {
  jobsSummary: '/api/v1/admin/jobs/summary',
  jobs: '/api/v1/admin/jobs',
  jobRetry: '/api/v1/admin/jobs/retry',
  mail: '/api/v1/admin/mail',
  mailMessage: '/api/v1/admin/mail/:id',
} as const;

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const ZJobState = z.enum(
  JOB_STATES,
  'Choose a job state: created, retry, active, completed, cancelled or failed',
);
export type JobState = z.infer<typeof ZJobState>;

export const ZJobQueueSummary = z.object({
  queue: z.string(),
  created: z.number().int(),
  retry: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
});
export type JobQueueSummary = z.infer<typeof ZJobQueueSummary>;

export const ZJobsSummaryResponse = z.object({
  status: z.literal('ok'),
  queues: z.array(ZJobQueueSummary),
});

export const ZJobsQuery = z.object({
  state: ZJobState.optional(),
  queue: z.string().max(100).optional(),
  ...zPageQuery,
});
export type JobsQuery = z.input<typeof ZJobsQuery>;

export const ZJobView = z.object({
  id: z.string(),
  queue: z.string(),
  state: ZJobState,
  /** The job's input, as JSON text. */
  data: z.string(),
  /** The last failure's message, if any. */
  error: z.string().nullable(),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdAt: z.string(),
  startAfter: z.string(),
  completedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof ZJobView>;

export const ZJobsResponse = z.object({
  status: z.literal('ok'),
  jobs: z.array(ZJobView),
  nextCursor: zNextCursor,
});

export const ZJobRetryRequest = z.object({ id: z.uuid('Choose a job to retry') });
export const ZJobRetryResponse = z.object({ status: z.literal('ok'), message: z.string() });
export const JOB_RETRY_MESSAGE = 'The job will run again within a few seconds.';

export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;
export const ZMailStatus = z.enum(MAIL_STATUSES, 'Choose a mail status: queued, sent, failed or outbox');

export const ZMailQuery = z.object({
  status: ZMailStatus.optional(),
  ...zPageQuery,
});
export type MailQuery = z.input<typeof ZMailQuery>;

export const ZMailSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: ZMailStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailSummary = z.infer<typeof ZMailSummary>;

export const ZMailListResponse = z.object({
  status: z.literal('ok'),
  /** `smtp` when mail leaves through SMTP; `outbox` in trial mode (this view is the delivery). */
  transport: z.enum(['smtp', 'outbox']),
  mails: z.array(ZMailSummary),
  nextCursor: zNextCursor,
});

export const ZMailParams = z.object({ id: z.uuid('That mail does not exist') });

export const ZMailMessageResponse = z.object({
  status: z.literal('ok'),
  mail: ZMailSummary.extend({
    text: z.string(),
    html: z.string().nullable(),
    headers: z.record(z.string(), z.string()),
  }),
});
export type MailMessage = z.infer<typeof ZMailMessageResponse>['mail'];
