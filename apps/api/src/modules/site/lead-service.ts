import type { Lead, ZCreateLeadRequest } from '@app/contract';
import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import { publicUrl } from '../../config.js';
import { crmLeads } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

/** Per-IP lead limit: a real visitor sends one or two; more is a bot filling the form. */
export const LEAD_LIMIT = { points: 5, durationSeconds: 15 * 60 } as const;
/** The admin list shows the newest leads; older ones stay in the table. */
const LIST_MAX = 500;

const INTENT_LABELS: Record<Lead['intent'], string> = {
  'early-access': 'early access',
  demo: 'a demo',
  'reserve-spot': 'a reserved spot',
};

export function createLeadService(deps: AppDeps) {
  const { db } = deps.database;
  const ipLimiter = deps.rateLimiters({ name: 'crm-lead-ip', ...LEAD_LIMIT });

  return {
    async create(input: z.output<typeof ZCreateLeadRequest>, ip: string): Promise<string> {
      await ipLimiter.consume(ip);
      // The lead and the sales inbox's mail commit together: a mail server that is down never loses
      // the mail nor makes the visitor resubmit (delivery is retried by the job queue).
      await db.transaction(async (tx) => {
        await tx.insert(crmLeads).values({ ...input, createdAt: deps.clock.now() });
        await deps.mailer.send(leadMail(input, deps.config.CONTACT_EMAIL, publicUrl(deps.config)), {
          db: tx,
        });
      });
      return `Thanks, ${input.name}! We will contact you at ${input.email} within two business days.`;
    },

    async list(): Promise<Lead[]> {
      const rows = await db.select().from(crmLeads).orderBy(desc(crmLeads.createdAt)).limit(LIST_MAX);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}

function leadMail(input: z.output<typeof ZCreateLeadRequest>, to: string, base: string): MailMessage {
  return {
    to,
    subject: `New CRM lead: ${input.name} asks for ${INTENT_LABELS[input.intent]}`,
    text: [
      `Name: ${input.name}`,
      `Email: ${input.email}`,
      `Company: ${input.company || '-'}`,
      `Request: ${INTENT_LABELS[input.intent]}`,
      '',
      input.message || '(no message)',
      '',
      `All leads: ${base}/company/admin?section=leads`,
    ].join('\n'),
  };
}
