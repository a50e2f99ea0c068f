import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-request-logger.js';
import { loggerOptions } from './log-redaction.js';

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

const FASTIFY_LINES = ['incoming request', 'request completed'];

/** A server with the production logger configuration, writing its routes' lines into `lines`. */
async function serverLogging(level: string, lines: Array<Record<string, unknown>>) {
  app = Fastify({
    logger: loggerOptions(level, {
      write: (text) => {
        const line = JSON.parse(text);
        if (!FASTIFY_LINES.includes(line.msg)) lines.push(line);
      },
    }),
    childLoggerFactory: lazyChildLoggerFactory,
    requestIdHeader: 'x-request-id',
  });
  app.get('/quiet', async (request) => {
    request.log.info('an info line');
    request.log.debug({ detail: 1 }, 'a debug line');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ password: 'Secret-1', step: 'one' }, 'a warning');
    request.log.child({ part: 'inner' }).error('an inner error');
    return { level: request.log.level };
  });
  app.get('/raise', async (request) => {
    request.log.level = 'debug';
    request.log.debug('now shown');
    return { level: request.log.level };
  });
  await app.ready();
  // Counts the pino children built from the server's logger.
  // (pino's children inherit `child` from their parent, so the wrapper counts only the server's.)
  const parent = app.log;
  const original = parent.child;
  const built = { count: 0 };
  parent.child = function (this: typeof parent, ...args: Parameters<typeof original>) {
    if (this === parent) built.count += 1;
    return original.apply(this, args);
  };
  return { server: app, built };
}

describe('lazy request logger', () => {
  it('writes nothing below the level, and lines at or above it with the request id, redacted', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const { server, built } = await serverLogging('warn', lines);
    await server.inject({ url: '/quiet', headers: { 'x-request-id': 'quiet-1' } });
    expect(lines).toEqual([]);
    expect(built.count).toBe(0);

    const loud = await server.inject({ url: '/loud', headers: { 'x-request-id': 'loud-1' } });
    expect(loud.json()).toEqual({ level: 'warn' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, reqId: 'loud-1', step: 'one', msg: 'a warning' });
    expect(lines[0]?.password).toBe('[redacted]');
    expect(lines[1]).toMatchObject({ level: 50, reqId: 'loud-1', part: 'inner', msg: 'an inner error' });
    expect(built.count).toBe(1);
  });

  it('logs below the parent level once the request raises its own level', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const { server } = await serverLogging('warn', lines);
    const raised = await server.inject({ url: '/raise', headers: { 'x-request-id': 'raise-1' } });
    expect(raised.json()).toEqual({ level: 'debug' });
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: 'raise-1', msg: 'now shown' })]);
    // The parent, and so the next request, is unchanged.
    await server.inject({ url: '/quiet' });
    expect(lines).toHaveLength(1);
  });

  it('writes info lines when the server logs at info', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const { server } = await serverLogging('info', lines);
    await server.inject({ url: '/quiet', headers: { 'x-request-id': 'info-1' } });
    expect(lines).toEqual([expect.objectContaining({ level: 30, reqId: 'info-1', msg: 'an info line' })]);
  });
});
