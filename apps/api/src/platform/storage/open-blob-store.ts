import path from 'node:path';
import type { Config } from '../../config.js';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

/** Tries of a storage operation that failed quickly (a refused connection, a 5xx); timeouts are not retried. */
export const STORAGE_ATTEMPTS = 2;

/** DATA_DIR/uploads: the local store's root, and the staging directory (its `.tmp`) of every store. */
export function uploadsDirOf(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'uploads');
}

/** The blob store STORAGE_URL names (decision 039): a bucket when set, local disk otherwise. */
export function openBlobStore(
  config: Pick<Config, 'DATA_DIR' | 'STORAGE_URL' | 'STORAGE_TIMEOUT_MS'>,
): BlobStore & {
  destroy(): void;
} {
  if (config.STORAGE_URL) {
    return createS3BlobStore({
      location: config.STORAGE_URL,
      timeoutMs: config.STORAGE_TIMEOUT_MS,
      attempts: STORAGE_ATTEMPTS,
    });
  }
  return { ...createLocalBlobStore(uploadsDirOf(config)), destroy() {} };
}
