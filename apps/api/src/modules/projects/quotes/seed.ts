import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps.js';
import { sellerOf } from '../../../config.js';
import type { DbOrTransaction } from '../../../db/client.js';
import {
  type DealLineItem,
  projectMilestones,
  projectOrders,
  projects,
  type QuoteMilestoneTerms,
  quotes,
} from '../../../db/schema/index.js';
import type { SeedStep } from '../../../platform/seed/seed.js';
import { DEMO_ACCOUNTS } from '../../accounts/index.js';
import { DEMO_ORDER_NAME } from '../seed.js';
import { renderQuotePdf } from './quote-pdf.js';
import { toQuote } from './quote-view.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo client's deals (README): the web project's quote was accepted 25 days ago (two milestones,
 * the first one due, and a monthly support fee whose plan waits to be started); the Android project
 * has a quote waiting for the client's decision. Runs after the projects step; the invoices step then
 * bills the milestone that is due.
 */
export function quoteSeed(deps: Pick<AppDeps, 'accounts' | 'clock' | 'config' | 'catalog'>): SeedStep {
  return {
    name: 'demo-quotes',
    async run({ db }) {
      const clientAccount = DEMO_ACCOUNTS[0];
      const client = clientAccount ? await deps.accounts.findByEmail(clientAccount.email) : null;
      if (!client) return;
      const rows = await db
        .select({ project: projects })
        .from(projects)
        .innerJoin(projectOrders, eq(projectOrders.id, projects.orderId))
        .where(and(eq(projectOrders.clientId, client.id), eq(projectOrders.name, DEMO_ORDER_NAME)));
      const web = rows.find((row) => row.project.typeId === 3)?.project;
      const android = rows.find((row) => row.project.typeId === 1)?.project;
      if (!web || !android) return;
      const quoted = await db
        .select({ id: quotes.id })
        .from(quotes)
        .where(inArray(quotes.projectId, [web.id, android.id]))
        .limit(1);
      if (quoted.length > 0) return;

      const now = deps.clock.now().getTime();
      const at = (days: number) => new Date(now + days * DAY_MS);
      const day = (days: number) => at(days).toISOString().slice(0, 10);
      const webLines: DealLineItem[] = [
        { description: 'Design and clickable prototype', quantity: 1, unitAmount: 400_000 },
        { description: 'Ordering web app: build, tests and launch', quantity: 1, unitAmount: 800_000 },
      ];
      const webMilestones: QuoteMilestoneTerms[] = [
        { title: 'Designs approved', amount: 400_000, dueDate: day(-5) },
        { title: 'App delivered', amount: 800_000, dueDate: day(55) },
      ];
      const accepted = {
        projectId: web.id,
        accountId: client.id,
        revision: 1,
        status: 'accepted' as const,
        currency: 'usd',
        lineItems: webLines,
        milestones: webMilestones,
        totalCents: 1_200_000,
        recurringCents: 15_000,
        term: 'm' as const,
        validUntil: day(-15),
        terms: 'Each milestone is invoiced when it is due and payable within 14 days.',
        createdBy: null,
        createdAt: at(-28),
        updatedAt: at(-25),
        sentAt: at(-28),
        decidedAt: at(-25),
        decidedBy: client.id,
        acceptedName: `${client.firstName} ${client.lastName}`,
        decidedIp: '203.0.113.7',
      };
      const pdf = await renderQuotePdf(
        toQuote(
          {
            quote: { ...accepted, id: '', acceptedPdfSha256: null, declineReason: null },
            projectName: web.name,
            orderId: web.orderId,
            client: {
              id: client.id,
              firstName: client.firstName,
              lastName: client.lastName,
              email: client.email,
            },
            decider: { firstName: client.firstName, lastName: client.lastName },
          },
          at(-25),
        ),
        sellerOf(deps.config),
        { name: accepted.acceptedName, at: at(-25), ip: accepted.decidedIp },
      );
      await db.transaction(async (tx) => {
        const [quote] = await tx
          .insert(quotes)
          .values({
            ...accepted,
            acceptedPdf: pdf,
            acceptedPdfSha256: createHash('sha256').update(pdf).digest('hex'),
          })
          .returning({ id: quotes.id });
        if (!quote) return;
        await insertMilestones(tx, web.id, quote.id, webMilestones, at(-25));
        await deps.catalog.createProjectSupport(tx, {
          projectId: web.id,
          projectName: web.name,
          priceCents: 15_000,
          currency: 'usd',
          term: 'm',
          items: [`Support and maintenance of ${web.name}`, 'As agreed in quote revision 1'],
        });
        await tx
          .update(projects)
          .set({ recurringPaymentCents: 15_000, term: 'm' })
          .where(eq(projects.id, web.id));
        await tx.insert(quotes).values({
          projectId: android.id,
          accountId: client.id,
          revision: 1,
          status: 'sent',
          lineItems: [{ description: 'Android ordering app', quantity: 1, unitAmount: 600_000 }],
          milestones: [
            { title: 'Beta on Google Play', amount: 300_000, dueDate: day(20) },
            { title: 'Store release', amount: 300_000, dueDate: day(45) },
          ],
          totalCents: 600_000,
          validUntil: day(30),
          terms: 'Each milestone is invoiced when it is due and payable within 14 days.',
          createdAt: at(-1),
          updatedAt: at(-1),
          sentAt: at(-1),
        });
      });
    },
  };
}

async function insertMilestones(
  tx: DbOrTransaction,
  projectId: string,
  quoteId: string,
  milestones: QuoteMilestoneTerms[],
  createdAt: Date,
): Promise<void> {
  await tx.insert(projectMilestones).values(
    milestones.map((milestone, index) => ({
      projectId,
      quoteId,
      position: index + 1,
      title: milestone.title,
      amountCents: milestone.amount,
      dueDate: milestone.dueDate,
      createdAt,
    })),
  );
}
