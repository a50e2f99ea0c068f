import type { Deliverable, MilestoneEvent, MilestoneWork } from '@app/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../../db/client.js';
import {
  milestoneDeliverables,
  milestoneEvents,
  projectMilestones,
  storedFiles,
  users,
} from '../../../db/schema/index.js';

const personName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? 'Someone' } : null);

/**
 * A project's milestones as the team and the client work on them: status, deliverables (newest
 * first) and history (oldest first), each with who and when. No amounts or invoices: assigned staff
 * read it too, and they do not see prices (decision 035).
 */
export async function milestoneWork(db: DbOrTransaction, projectId: string): Promise<MilestoneWork[]> {
  const milestones = await db
    .select({
      id: projectMilestones.id,
      position: projectMilestones.position,
      title: projectMilestones.title,
      dueDate: projectMilestones.dueDate,
      status: projectMilestones.status,
    })
    .from(projectMilestones)
    .where(eq(projectMilestones.projectId, projectId))
    .orderBy(asc(projectMilestones.position));
  if (milestones.length === 0) return [];
  const ids = milestones.map((milestone) => milestone.id);
  const [deliverables, events] = await Promise.all([deliverablesOf(db, ids), eventsOf(db, ids)]);
  return milestones.map((milestone) => ({
    ...milestone,
    deliverables: deliverables.get(milestone.id) ?? [],
    history: events.get(milestone.id) ?? [],
  }));
}

/** One milestone's work (the reply of a step). */
export async function oneMilestoneWork(db: DbOrTransaction, milestoneId: string): Promise<MilestoneWork> {
  const [row] = await db
    .select({ projectId: projectMilestones.projectId })
    .from(projectMilestones)
    .where(eq(projectMilestones.id, milestoneId));
  const found = row && (await milestoneWork(db, row.projectId)).find((m) => m.id === milestoneId);
  if (!found) throw new Error(`milestone ${milestoneId} vanished`);
  return found;
}

async function deliverablesOf(db: DbOrTransaction, ids: string[]): Promise<Map<string, Deliverable[]>> {
  const rows = await db
    .select({
      id: milestoneDeliverables.id,
      milestoneId: milestoneDeliverables.milestoneId,
      kind: milestoneDeliverables.kind,
      url: milestoneDeliverables.url,
      note: milestoneDeliverables.note,
      createdAt: milestoneDeliverables.createdAt,
      byId: milestoneDeliverables.createdBy,
      byName: personName,
      fileId: storedFiles.id,
      fileName: storedFiles.originalName,
      mimeType: storedFiles.mimeType,
      size: storedFiles.sizeBytes,
    })
    .from(milestoneDeliverables)
    .leftJoin(storedFiles, eq(storedFiles.id, milestoneDeliverables.fileId))
    .leftJoin(users, eq(users.id, milestoneDeliverables.createdBy))
    .where(inArray(milestoneDeliverables.milestoneId, ids))
    .orderBy(sql`${milestoneDeliverables.createdAt} desc, ${milestoneDeliverables.id} desc`);
  const byMilestone = new Map<string, Deliverable[]>();
  for (const row of rows) {
    const list = byMilestone.get(row.milestoneId) ?? [];
    list.push({
      id: row.id,
      kind: row.kind,
      file:
        row.fileId && row.fileName && row.mimeType
          ? { id: row.fileId, name: row.fileName, mimeType: row.mimeType, size: Number(row.size ?? 0) }
          : null,
      url: row.url,
      note: row.note,
      by: person(row.byId, row.byName),
      createdAt: row.createdAt.toISOString(),
    });
    byMilestone.set(row.milestoneId, list);
  }
  return byMilestone;
}

async function eventsOf(db: DbOrTransaction, ids: string[]): Promise<Map<string, MilestoneEvent[]>> {
  const rows = await db
    .select({
      id: milestoneEvents.id,
      milestoneId: milestoneEvents.milestoneId,
      kind: milestoneEvents.kind,
      comment: milestoneEvents.comment,
      at: milestoneEvents.createdAt,
      byId: milestoneEvents.actorId,
      byName: personName,
    })
    .from(milestoneEvents)
    .leftJoin(users, eq(users.id, milestoneEvents.actorId))
    .where(inArray(milestoneEvents.milestoneId, ids))
    .orderBy(asc(milestoneEvents.createdAt), asc(milestoneEvents.id));
  const byMilestone = new Map<string, MilestoneEvent[]>();
  for (const row of rows) {
    const list = byMilestone.get(row.milestoneId) ?? [];
    list.push({
      id: row.id,
      kind: row.kind,
      comment: row.comment,
      by: person(row.byId, row.byName),
      at: row.at.toISOString(),
    });
    byMilestone.set(row.milestoneId, list);
  }
  return byMilestone;
}
