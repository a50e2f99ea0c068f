import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stripInvisibleCharacters } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type StoredFileRow, storedFiles } from '../../db/schema/index.js';
import { AppError, payloadTooLarge, unsupportedMediaType } from '../http/errors.js';
import { SNIFF_BYTES, sniffContentType } from './content-type.js';
import { wrongTypeMessage } from './type-labels.js';

export interface UploadRules {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Accepted MIME types, judged from content. */
  allowedTypes: readonly string[];
  /** Human label used in messages, e.g. "Proposal" ("Proposal is larger than 20 MB"). */
  label: string;
}

export interface SaveInput {
  stream: Readable;
  originalName: string;
  ownerId: string | null;
  purpose: string;
  rules: UploadRules;
}

export interface Storage {
  save(input: SaveInput): Promise<StoredFileRow>;
  find(id: string): Promise<StoredFileRow | null>;
  open(file: StoredFileRow): Readable;
  remove(file: StoredFileRow): Promise<void>;
  /** Deletes temporary upload files older than `before` (left by a crash mid-upload); returns how many. */
  removeStaleTemp(before: Date): Promise<number>;
}

/**
 * Keeps only a harmless display name; it is stored as metadata and never used as a path. Invisible
 * and bidi characters go too, so `invoice\u202Egnp.exe` cannot show itself as "invoiceexe.png".
 */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = stripInvisibleCharacters(base.replace(/[\u0000-\u001f\u007f-\u009f"<>|:*?]/g, '')).trim();
  return (cleaned || 'file').slice(0, 200);
}

/**
 * Local-disk storage under DATA_DIR/uploads. Bytes stream to a temporary file while the size is
 * counted; the type is sniffed from the first bytes; only then is the file moved into place and
 * recorded. Anything refused leaves nothing behind.
 */
export function createLocalStorage(db: Db, uploadsDir: string): Storage {
  const root = path.resolve(uploadsDir);
  const tmpDir = path.join(root, '.tmp');
  const pathOf = (key: string) => path.join(root, key.slice(0, 2), key);

  return {
    async save({ stream, originalName, ownerId, purpose, rules }) {
      await mkdir(tmpDir, { recursive: true });
      const key = randomUUID().replaceAll('-', '');
      const tmpPath = path.join(tmpDir, key);
      let size = 0;
      let head = Buffer.alloc(0);
      let tooLarge = false;
      const out = createWriteStream(tmpPath);
      try {
        await pipeline(
          stream,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > rules.maxBytes) {
                tooLarge = true;
                throw payloadTooLarge(
                  `${rules.label} is larger than ${Math.floor(rules.maxBytes / 1048576)} MB`,
                );
              }
              if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
              yield chunk;
            }
          },
          out,
        );
        // @fastify/multipart truncates instead of throwing when its own limit is hit.
        if ((stream as Readable & { truncated?: boolean }).truncated || tooLarge) {
          throw payloadTooLarge(`${rules.label} is too large`);
        }
        if (size === 0) throw new AppError(400, `${rules.label} is empty`);
        const mimeType = await sniffContentType(head, rules.allowedTypes);
        if (!mimeType || !rules.allowedTypes.includes(mimeType)) {
          throw unsupportedMediaType(wrongTypeMessage(rules.allowedTypes));
        }
        const finalPath = pathOf(key);
        await mkdir(path.dirname(finalPath), { recursive: true });
        await rename(tmpPath, finalPath);
        const [row] = await db
          .insert(storedFiles)
          .values({
            ownerId,
            purpose,
            originalName: displayName(originalName),
            mimeType,
            sizeBytes: size,
            storageKey: key,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      } catch (error) {
        // A write stream destroyed before its file opened still opens (creates) it afterwards: a
        // refusal on the first chunk removed nothing and left an empty temp file behind under load.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(tmpPath, { force: true });
        // Drain what is left so the multipart parser can move on to the next part.
        stream.resume();
        throw error;
      }
    },
    async find(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
      const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
      return row ?? null;
    },
    open(file) {
      return createReadStream(pathOf(file.storageKey));
    },
    async remove(file) {
      await rm(pathOf(file.storageKey), { force: true });
      await db.delete(storedFiles).where(eq(storedFiles.id, file.id));
    },

    async removeStaleTemp(before) {
      const names = await readdir(tmpDir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const file = path.join(tmpDir, name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtime < before) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
