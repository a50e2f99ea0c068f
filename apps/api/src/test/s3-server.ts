import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  bucket: string;
  endpoint: string;
  /** STORAGE_URL pointing at this server's bucket. */
  storageUrl: string;
  /** Stops answering (connections are refused) until `start()`; the bucket's objects stay on disk. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * s3rver (an S3-compatible server in Node) on a free port of 127.0.0.1 with a bucket in a temporary
 * directory. Sets the AWS credential variables the SDK reads (s3rver accepts S3RVER/S3RVER).
 */
export async function startTestS3(bucket = 'uploads-test'): Promise<TestS3> {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true&region=us-east-1`,
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A "store" that accepts connections and never says a word: what a hung S3 endpoint looks like. */
export async function startHungStore(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
