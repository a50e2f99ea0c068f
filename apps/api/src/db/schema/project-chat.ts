import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { storedFiles } from './stored-files.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Project chat rooms: one per project, for the client who ordered it, assigned staff and admins. */
export const projectChatMessages = pgTable(
  'project_chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    mediaFileId: uuid('media_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('project_chat_messages_project_idx').on(table.projectId, table.id),
    index('project_chat_messages_media_idx').on(table.mediaFileId),
  ],
);

/** Read state (`seen_at`) and presence (`active_at`) of each member in a room, and mail throttling. */
export const projectChatMembers = pgTable(
  'project_chat_members',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: at('seen_at'),
    activeAt: at('active_at'),
    lastOfflineMailAt: at('last_offline_mail_at'),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] })],
);

export type ProjectChatMessageRow = typeof projectChatMessages.$inferSelect;
