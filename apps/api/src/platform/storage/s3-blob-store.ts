import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type BlobStore, missingFile, storageUnavailable } from './blob-store.js';
import type { S3Location } from './storage-url.js';

export interface S3BlobStoreOptions {
  location: S3Location;
  /** Longest wait for a connection, and for the store to say anything on an open one (per attempt). */
  timeoutMs: number;
  /** Tries of an operation that failed other than by timing out or by a missing key (1 = no retry). */
  attempts: number;
}

/**
 * Bytes in an S3-compatible bucket under `<key>` (the same keys as on disk), through the AWS SDK
 * v3. Puts send the staged file with its known length in one PutObject (uploads are at most
 * UPLOAD_MAX_BYTES, under S3's 5 GB single-put limit; multipart would need @aws-sdk/lib-storage).
 * Every failure other than a missing key becomes the 503 of `storageUnavailable`, within
 * `timeoutMs` per attempt: a hung store never holds a request.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore & { destroy(): void } {
  const { location } = options;
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    // Retries are ours (below): a request body is a file stream, which the SDK could not resend.
    maxAttempts: 1,
    requestHandler: {
      connectionTimeout: options.timeoutMs,
      requestTimeout: options.timeoutMs,
      throwOnRequestTimeout: true,
    },
    // Checksums only where the API requires them: S3-compatible stores differ in their support.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;

  async function run<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (isMissing(error)) throw missingFile();
        if (attempt >= options.attempts || isTimeout(error)) throw storageUnavailable(error);
      }
    }
  }

  return {
    kind: 's3',
    async put(key, file) {
      await run(() =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: createReadStream(file.path),
            ContentLength: file.size,
            ContentType: file.contentType,
          }),
        ),
      );
    },
    async get(key) {
      const result = await run(() => client.send(new GetObjectCommand({ Bucket, Key: key })));
      const body = result.Body;
      if (!(body instanceof Readable)) throw storageUnavailable(new Error('GetObject returned no stream'));
      return body;
    },
    async exists(key) {
      try {
        await run(() => client.send(new HeadObjectCommand({ Bucket, Key: key })));
        return true;
      } catch (error) {
        if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) return false;
        throw error;
      }
    },
    async delete(key) {
      await run(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    async ping() {
      await run(() => client.send(new HeadBucketCommand({ Bucket })));
    },
    destroy() {
      client.destroy();
    },
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

function isTimeout(error: unknown): boolean {
  const e = error as { name?: string; code?: string };
  return e?.name === 'TimeoutError' || e?.code === 'ETIMEDOUT' || e?.code === 'ECONNRESET';
}
