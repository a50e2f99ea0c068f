import type { Readable } from 'node:stream';
import { AppError, notFound } from '../http/errors.js';

/** A file staged on local disk, whole and checked, ready to be stored under a key. */
export interface StagedFile {
  path: string;
  size: number;
  contentType: string;
}

/**
 * Where the bytes of uploads live, by storage key (decision 039): local disk or an S3-compatible
 * bucket. Metadata and access rules stay in the database (`stored_files`); a driver only moves bytes.
 * Every driver passes the same contract test (blob-store.contract.api.test.ts).
 */
export interface BlobStore {
  /** `local` or `s3`: what the migration command and the readiness report call it. */
  readonly kind: 'local' | 's3';
  /** Stores the staged file under `key`, replacing what is there (a retried put is harmless). Leaves the staged file in place. */
  put(key: string, file: StagedFile): Promise<void>;
  /** The bytes under `key`; a missing key throws the 404 "File not found". */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>;
}

export const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is unavailable right now; try again in a minute.';

/** The store did not answer, or answered with an error: nothing was stored, the client may retry. */
export function storageUnavailable(cause?: unknown): AppError {
  const error = new AppError(503, STORAGE_UNAVAILABLE_MESSAGE, { 'Retry-After': '60' });
  if (cause !== undefined) (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

export function missingFile(): AppError {
  return notFound('File not found');
}
