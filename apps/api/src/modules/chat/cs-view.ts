import type { CsMessage } from '@app/contract';
import type { CsMessageRow, StoredFileRow } from '../../db/schema/index.js';

/** Who is reading: a visitor session, or a staff user (admin or customer-service staff). */
export type CsViewer =
  | { kind: 'visitor'; sessionId: string; verified: boolean }
  | { kind: 'staff'; userId: string };

export const csMediaPath = (fileId: string) => `/api/v1/customer-service/media/${fileId}`;

/** An unverified visitor session sees its own messages and staff replies since it started. */
export function visibleToVisitor(
  row: Pick<CsMessageRow, 'sender' | 'sessionId' | 'createdAt'>,
  session: { id: string; verified: boolean; createdAt: Date },
): boolean {
  if (session.verified) return true;
  if (row.sender === 'visitor') return row.sessionId === session.id;
  return row.createdAt.getTime() >= session.createdAt.getTime();
}

export interface CsMessageWithFile {
  row: CsMessageRow;
  file: StoredFileRow | null;
  /** First name of the staff member who replied, if any. */
  staffName: string | null;
  chatEmail: string;
}

/** The spec's message shape with `from` relative to the reader ('Me' for their own side). */
export function toCsMessage(item: CsMessageWithFile, viewer: CsViewer): CsMessage {
  const { row, file } = item;
  let from: string;
  if (viewer.kind === 'visitor') from = row.sender === 'visitor' ? 'Me' : 'Customer Service';
  else if (row.sender === 'visitor') from = item.chatEmail;
  else from = row.staffUserId === viewer.userId ? 'Me' : (item.staffName ?? 'Customer Service');
  const when = row.createdAt.toISOString();
  return {
    id: row.id,
    from,
    sender: row.sender,
    message: row.body,
    media: file ? csMediaPath(file.id) : null,
    media_name: file?.originalName ?? null,
    media_type: file?.mimeType ?? null,
    datetime: when,
    date_time: when,
  };
}
