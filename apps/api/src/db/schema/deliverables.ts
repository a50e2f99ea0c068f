import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projectMilestones } from './deals.js';
import { projects } from './projects.js';
import { storedFiles } from './stored-files.js';
import { users } from './users.js';

/**
 * What the team delivered on a milestone (decision 035, amended 2026-11-28): a file (its bytes and
 * download policy in stored_files, purpose `project-deliverable`), an http(s) link, or a note. A
 * file or a link may carry a note too. `project_id` repeats the milestone's, so the project's files
 * list walks one index.
 */
export const milestoneDeliverables = pgTable(
  'milestone_deliverables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    milestoneId: uuid('milestone_id')
      .notNull()
      .references(() => projectMilestones.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['file', 'link', 'note'] }).notNull(),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'cascade' }),
    url: text('url'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('milestone_deliverables_milestone_idx').on(table.milestoneId, table.createdAt),
    // The project's files, newest first (the files list's deliverables part).
    index('milestone_deliverables_project_files_idx')
      .on(table.projectId, table.createdAt, table.fileId)
      .where(sql`${table.fileId} is not null`),
    // The download policy finds a file's deliverable.
    index('milestone_deliverables_file_idx').on(table.fileId),
    check(
      'milestone_deliverables_kind_shape',
      sql`(${table.kind} = 'file' and ${table.fileId} is not null)
        or (${table.kind} = 'link' and ${table.url} is not null and ${table.fileId} is null)
        or (${table.kind} = 'note' and ${table.note} <> '' and ${table.fileId} is null and ${table.url} is null)`,
    ),
  ],
);

/**
 * A milestone's history: each delivery, each request for changes (with the client's comment) and the
 * approval, with who and when. Written in the transaction that changes the milestone's status.
 */
export const milestoneEvents = pgTable(
  'milestone_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    milestoneId: uuid('milestone_id')
      .notNull()
      .references(() => projectMilestones.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['delivered', 'changes requested', 'approved'] }).notNull(),
    comment: text('comment'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('milestone_events_milestone_idx').on(table.milestoneId, table.createdAt)],
);

export type MilestoneDeliverableRow = typeof milestoneDeliverables.$inferSelect;
export type MilestoneEventRow = typeof milestoneEvents.$inferSelect;
