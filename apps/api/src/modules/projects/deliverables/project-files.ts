import type { FileSource, SharedFile } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { exactTimestamp, isoTimestamp, keysetAfter } from '../../../db/keyset.js';
import { rawRows } from '../../../db/raw-rows.js';
import { cursorPart, decodeCursor, pageOf } from '../../../platform/http/cursor.js';

interface FileRow {
  id: string;
  name: string;
  mime_type: string;
  size: string | number;
  source: FileSource;
  context: string;
  by_id: string | null;
  by_name: string | null;
  shared_at: string;
  cursor_at: string;
}

/**
 * Every file shared on a project, newest first, in keyset pages on (shared at, file id): its order's
 * proposal and designs (shared by whoever uploaded them, when they did), the files sent in its chat
 * room, and its milestones' deliverable files. A stored file belongs to one of them, so the pair is a
 * unique key. Each part is limited to the page before they are merged, so a page reads at most
 * `limit + 1` rows of each, through its own index (the order's files, the room's media, the
 * deliverables' partial index).
 */
export async function projectFilesPage(
  db: Db,
  project: { id: string; orderId: string },
  query: { limit: number; cursor?: string | undefined },
): Promise<{ items: SharedFile[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
  const take = query.limit + 1;
  const part = (at: ReturnType<typeof sql>, id: ReturnType<typeof sql>) => {
    const condition = keysetAfter([at, id], after);
    return condition ? sql`and ${condition}` : sql``;
  };
  const rows = await rawRows<FileRow>(
    db,
    sql`select files.*, ${isoTimestamp(sql`files.at`)} as shared_at, ${exactTimestamp(sql`files.at`)} as cursor_at,
        nullif(trim(u.first_name || ' ' || u.last_name), '') as by_name
      from (
        (select f.id, f.original_name as name, f.mime_type, f.size_bytes as size, 'request' as source,
            case when o.kind = 'proposal' then 'Proposal' else 'Design' end as context,
            f.owner_id as by_id, f.created_at as at
          from project_order_files o join stored_files f on f.id = o.file_id
          where o.order_id = ${project.orderId} ${part(sql`f.created_at`, sql`f.id`)}
          order by f.created_at desc, f.id desc limit ${take})
        union all
        (select f.id, f.original_name, f.mime_type, f.size_bytes, 'chat', 'Chat',
            m.sender_id, m.created_at
          from project_chat_messages m join stored_files f on f.id = m.media_file_id
          where m.project_id = ${project.id} ${part(sql`m.created_at`, sql`f.id`)}
          order by m.created_at desc, f.id desc limit ${take})
        union all
        (select f.id, f.original_name, f.mime_type, f.size_bytes, 'deliverable', pm.title,
            d.created_by, d.created_at
          from milestone_deliverables d
            join stored_files f on f.id = d.file_id
            join project_milestones pm on pm.id = d.milestone_id
          where d.project_id = ${project.id} and d.file_id is not null ${part(sql`d.created_at`, sql`d.file_id`)}
          order by d.created_at desc, d.file_id desc limit ${take})
      ) files
      left join users u on u.id = files.by_id
      order by files.at desc, files.id desc
      limit ${take}`,
  );
  const page = pageOf(rows, query.limit, (row) => [row.cursor_at, row.id]);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      name: row.name,
      mimeType: row.mime_type,
      size: Number(row.size),
      source: row.source,
      context: row.context,
      sharedBy: row.by_id ? { id: row.by_id, name: row.by_name ?? 'Someone' } : null,
      sharedAt: row.shared_at,
    })),
    nextCursor: page.nextCursor,
  };
}
