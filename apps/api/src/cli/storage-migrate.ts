import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../platform/storage/blob-store.js';
import { createLocalBlobStore } from '../platform/storage/local-blob-store.js';
import { migrateBlobs } from '../platform/storage/migrate-blobs.js';
import { STORAGE_ATTEMPTS, uploadsDirOf } from '../platform/storage/open-blob-store.js';
import { createS3BlobStore } from '../platform/storage/s3-blob-store.js';
import { CommandRefused, openDatabaseForCommand } from './command-database.js';

const USAGE = `Usage: npm run storage:migrate -- --to s3|local

Copies the bytes of every uploaded file between local disk (DATA_DIR/uploads) and the bucket
STORAGE_URL names, both ways: --to s3 before switching STORAGE_URL on, --to local before switching it
off. Files already at the target are skipped, so it can run again or resume after an interruption;
the source is left as it was. It reports how many files were copied, already there, and missing.
Reads DATA_DIR, DATABASE_URL and STORAGE_URL (with AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY) like
the server. With the embedded database, stop the server first. See docs/operations.md, "Uploads in
object storage".`;

function parseTarget(argv: string[]): 's3' | 'local' | null {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { to: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
    });
    if (values.help) return null;
    return values.to === 's3' || values.to === 'local' ? values.to : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const target = parseTarget(process.argv.slice(2));
  if (!target) {
    console.log(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (!config.STORAGE_URL) {
    throw new CommandRefused('STORAGE_URL is not set: name the bucket to copy to or from (s3://bucket?…).');
  }
  const local = createLocalBlobStore(uploadsDirOf(config));
  const bucket = createS3BlobStore({
    location: config.STORAGE_URL,
    timeoutMs: config.STORAGE_TIMEOUT_MS,
    attempts: STORAGE_ATTEMPTS,
  });
  const database = await openDatabaseForCommand(config);
  try {
    await bucket.ping().catch(() => {
      throw new CommandRefused(
        `The bucket ${config.STORAGE_URL?.bucket} does not answer. ${STORAGE_UNAVAILABLE_MESSAGE}`,
      );
    });
    const [from, to] = target === 's3' ? [local, bucket] : [bucket, local];
    const counts = await migrateBlobs({
      db: database.db,
      from,
      to,
      stagingDir: path.join(uploadsDirOf(config), '.tmp'),
      onProgress: (progress) =>
        console.log(
          `… ${progress.copied} copied, ${progress.alreadyThere} already there, ${progress.missing} missing`,
        ),
    });
    console.log(
      `Done (to ${target}): ${counts.copied} copied, ${counts.alreadyThere} already there, ${counts.missing} missing at the source.`,
    );
    if (counts.missing > 0) {
      console.log(
        'Missing files have a row but no bytes at the source; their downloads answer 404 either way.',
      );
    }
  } finally {
    bucket.destroy();
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof CommandRefused) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
