import type { Lead, ZCreateLeadRequest } from '@app/contract';
import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import { crmLeads } from '../../db/schema/index.js';
import type { AppDeps } from '../../platform/deps.js';

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
      await db.insert(crmLeads).values({ ...input, createdAt: deps.clock.now() });
      // The sales inbox hears about it at once; the admin list is the record.
      await deps.mailer.send({
        to: deps.config.CONTACT_EMAIL,
        subject: `New CRM lead: ${input.name} asks for ${INTENT_LABELS[input.intent]}`,
        text: [
          `Name: ${input.name}`,
          `Email: ${input.email}`,
          `Company: ${input.company || '-'}`,
          `Request: ${INTENT_LABELS[input.intent]}`,
          '',
          input.message || '(no message)',
        ].join('\n'),
      });
      return `Thanks, ${input.name}! We will contact you at ${input.email} within two business days.`;
    },

    async list(): Promise<Lead[]> {
      const rows = await db.select().from(crmLeads).orderBy(desc(crmLeads.createdAt)).limit(LIST_MAX);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}
