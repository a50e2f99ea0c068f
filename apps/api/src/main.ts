import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { recordEmbeddedOwner } from './db/embedded-owner.js';
import { prepareInstall } from './install.js';
import { migrateDatabase } from './migrate.js';
import { resolveJwtSecret } from './platform/auth/jwt-secret.js';

/** Start-up: configure, migrate, seed, serve; and shut down cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database is this process's alone while it runs (db/embedded-owner.ts).
  const embedded = config.DATABASE_URL ? null : await recordEmbeddedOwner(config.DATA_DIR);
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const jwtSecret = await resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const { app, deps } = await buildApp({ config, database, jwtSecret });
  if (embedded?.previous) {
    app.log.warn(
      { owner: embedded.previous },
      'another process may have this DATA_DIR open: two processes on one embedded database corrupt it; stop the other one',
    );
  }

  // First admin, demo logins and content as the runtime mode allows, and the mode's start-up line.
  await prepareInstall(deps, config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      // Closing PGlite checkpoints the embedded data dir, so it is never left half-written.
      await database.close();
      await embedded?.release();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: database.kind, port: config.PORT }, `${config.BRAND_NAME} is serving`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
