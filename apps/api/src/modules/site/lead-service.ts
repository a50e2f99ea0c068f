import type { AdminLeadsQuery, Lead, ZCreateLeadRequest } from '@app/contract';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { publicUrl } from '../../config.js';
import { containsPattern, exactTimestamp, keysetAfter } from '../../db/keyset.js';
import { crmLeads } from '../../db/schema/index.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

/** Per-IP lead limit: a real visitor sends one or two; more is a bot filling the form. */
export const LEAD_LIMIT = { points: 5, durationSeconds: 15 * 60 } as const;
/** What a lead search matches: the trigram-indexed expression of migration 0019. */
const searchable = sql`(${crmLeads.name} || ' ' || ${crmLeads.email} || ' ' || ${crmLeads.company})`;

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

    /**
     * Newest first in keyset pages on (created_at, id); `search` matches name, email or company
     * (trigram index), `intent` filters exactly ((intent, created_at, id) index).
     */
    async list(query: AdminLeadsQuery): Promise<{ leads: Lead[]; nextCursor: string | null }> {
      const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
      const pattern = containsPattern(query.search);
      const rows = await db
        .select({ lead: crmLeads, cursorAt: exactTimestamp(crmLeads.createdAt) })
        .from(crmLeads)
        .where(
          and(
            query.intent ? eq(crmLeads.intent, query.intent) : undefined,
            pattern ? ilike(searchable, pattern) : undefined,
            keysetAfter([crmLeads.createdAt, crmLeads.id], after),
          ),
        )
        .orderBy(desc(crmLeads.createdAt), desc(crmLeads.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.lead.id]);
      return {
        leads: page.items.map(({ lead }) => ({ ...lead, createdAt: lead.createdAt.toISOString() })),
        nextCursor: page.nextCursor,
      };
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
