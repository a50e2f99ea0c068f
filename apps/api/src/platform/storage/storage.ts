import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stripInvisibleCharacters } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type StoredFileRow, storedFiles } from '../../db/schema/index.js';
import { AppError, payloadTooLarge, unsupportedMediaType } from '../http/errors.js';
import type { BlobStore } from './blob-store.js';
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
  /** The file's bytes; throws the 404 "File not found" when they are gone, a 503 when the store is down. */
  open(file: StoredFileRow): Promise<Readable>;
  /** Deletes the row, then the bytes; bytes the store cannot delete now are logged and left unreferenced. */
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

export interface StorageOptions {
  db: Db;
  /** Where the bytes go (local disk or a bucket): blob-store.ts. */
  blobs: BlobStore;
  /** Local directory uploads are staged in while they are counted and judged. */
  stagingDir: string;
  log: FastifyBaseLogger;
}

/**
 * Uploads, whatever holds their bytes. Bytes stream to a staging file on local disk while the size
 * is counted; the type is sniffed from the first bytes; only then is the file put in the blob store
 * under a fresh key, and only once it is stored is its row written. Anything refused or failed
 * leaves neither bytes nor a row behind.
 */
export function createStorage({ db, blobs, stagingDir, log }: StorageOptions): Storage {
  const tmpDir = path.resolve(stagingDir);

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
        await blobs.put(key, { path: tmpPath, size, contentType: mimeType });
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
          .returning()
          .catch(async (error: unknown) => {
            await blobs.delete(key).catch(() => undefined);
            throw error;
          });
        if (!row) throw new Error('insert returned no row');
        await rm(tmpPath, { force: true });
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
      return blobs.get(file.storageKey);
    },
    async remove(file) {
      await db.delete(storedFiles).where(eq(storedFiles.id, file.id));
      await blobs.delete(file.storageKey).catch((error: unknown) => {
        log.warn(
          { err: error, storageKey: file.storageKey },
          'stored file bytes left behind: the store refused the delete',
        );
      });
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
