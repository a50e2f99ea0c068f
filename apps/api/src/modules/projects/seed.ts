import { APPLICATION_TYPE_IDS } from '@app/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import {
  projectActivities,
  projectChatMessages,
  projectEmployees,
  projectOrders,
  projects,
} from '../../db/schema/index.js';
import type { SeedStep } from '../../platform/seed/seed.js';
import { DEMO_ACCOUNTS } from '../accounts/index.js';

export const DEMO_ORDER_NAME = 'Harbour Café ordering app';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A project order for the demo client (README): a web app in progress, assigned to the demo staff
 * member, with activity and a short conversation in its chat room; and an Android app waiting for
 * approval. Runs after the accounts step.
 */
export function projectSeed(deps: Pick<AppDeps, 'accounts' | 'clock'>): SeedStep {
  return {
    name: 'demo-projects',
    async run({ db }) {
      const [clientAccount, staffAccount] = DEMO_ACCOUNTS;
      if (!clientAccount || !staffAccount) return;
      const client = await deps.accounts.findByEmail(clientAccount.email);
      const staff = await deps.accounts.findByEmail(staffAccount.email);
      if (!client || !staff) return;
      const [existing] = await db
        .select({ id: projectOrders.id })
        .from(projectOrders)
        .where(and(eq(projectOrders.clientId, client.id), eq(projectOrders.name, DEMO_ORDER_NAME)))
        .limit(1);
      if (existing) {
        // Earlier seeds put the type into the name ("… (Web)"), which lists that add the type doubled.
        await db
          .update(projects)
          .set({ name: DEMO_ORDER_NAME })
          .where(
            and(
              eq(projects.orderId, existing.id),
              inArray(projects.name, [`${DEMO_ORDER_NAME} (Web)`, `${DEMO_ORDER_NAME} (Android)`]),
            ),
          );
        return;
      }

      const now = deps.clock.now().getTime();
      const daysAgo = (days: number) => new Date(now - days * DAY_MS);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const [order] = await db
        .insert(projectOrders)
        .values({
          clientId: client.id,
          name: DEMO_ORDER_NAME,
          proposalLink: 'https://example.com/harbour-cafe/proposal',
          designTemplates: ['Modern', 'Minimal'],
          createdAt: daysAgo(30),
        })
        .returning();
      if (!order) return;
      const [web, android] = await db
        .insert(projects)
        .values([
          {
            orderId: order.id,
            // As a real request names them: the order's name (the type is shown beside it).
            name: DEMO_ORDER_NAME,
            typeId: APPLICATION_TYPE_IDS.web,
            status: 'in progress' as const,
            startDate: day(daysAgo(21)),
            endDate: day(daysAgo(-60)),
            frontendProgress: 60,
            backendProgress: 45,
            databaseProgress: 80,
            totalPaymentCents: 1_200_000,
            paymentInformation: 'Half at the start, half at delivery.',
            createdAt: daysAgo(30),
            updatedAt: daysAgo(2),
          },
          {
            orderId: order.id,
            name: DEMO_ORDER_NAME,
            typeId: APPLICATION_TYPE_IDS.android,
            createdAt: daysAgo(30),
            updatedAt: daysAgo(30),
          },
        ])
        .returning();
      if (!web || !android) return;
      await db.insert(projectEmployees).values({ projectId: web.id, employeeId: staff.id });
      // The same messages the real transitions write (management.ts).
      await db.insert(projectActivities).values([
        { projectId: web.id, message: 'Your project was approved.', createdAt: daysAgo(22) },
        {
          projectId: web.id,
          message: `Schedule set: ${web.startDate} to ${web.endDate}.`,
          createdAt: daysAgo(21),
        },
        { projectId: web.id, message: `Team assigned: ${staff.username}.`, createdAt: daysAgo(21) },
        { projectId: web.id, message: 'Status changed to in progress.', createdAt: daysAgo(20) },
        { projectId: web.id, message: 'Your project reached 50% overall progress.', createdAt: daysAgo(2) },
      ]);
      await db.insert(projectChatMessages).values([
        {
          projectId: web.id,
          senderId: staff.id,
          body: 'Hi Ada, the menu and checkout screens are ready for review on the staging link.',
          createdAt: daysAgo(3),
        },
        {
          projectId: web.id,
          senderId: client.id,
          body: 'Looks great! Could the checkout button be a little larger on phones?',
          createdAt: daysAgo(2),
        },
        {
          projectId: web.id,
          senderId: staff.id,
          body: 'Done, it is 48 px tall now. Next up: the order history page.',
          createdAt: daysAgo(1),
        },
      ]);
    },
  };
}
