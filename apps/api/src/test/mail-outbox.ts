import { asc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema/index.js';
import type { TestServer } from './harness.js';

/** Every mail recorded for `email`, oldest first (tests read mail from the outbox, as the Mail view does). */
export function mailsTo(server: TestServer, email: string): Promise<(typeof mailOutbox.$inferSelect)[]> {
  return server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}
