// The reference of `npm run bench:keys`: a bare Fastify 5 app, no plugins, no hooks, logger off.
// What the runtime and the framework alone answer on this machine, measured in the same run as
// the server, so each route of the server is reported as a fraction of it.
//   GET  /      → {"status":"ok"}            (the reference of GET /healthz)
//   POST /echo  → the JSON body it was sent  (the reference of the public REST routes)
// With BENCH_BARE_HEADERS (a JSON object of header names and values: the server's security headers),
// the same two routes under /with-headers also send those headers and an x-request-id (randomUUID),
// set as the server sets them: what the headers alone cost Node and Fastify, with no other work.
// Started by bench-keys.mjs with the same node binary as the server; listens on BENCH_BARE_PORT.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const port = Number(process.env.BENCH_BARE_PORT ?? 3191);
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
app.post('/echo', async (request) => request.body);
if (process.env.BENCH_BARE_HEADERS) {
  const headers = JSON.parse(process.env.BENCH_BARE_HEADERS);
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', (_request, reply, done) => {
        reply.headers(headers);
        reply.header('x-request-id', randomUUID());
        done();
      });
      scope.get('/', async () => ({ status: 'ok' }));
      scope.post('/echo', async (request) => request.body);
    },
    { prefix: '/with-headers' },
  );
}

process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
await app.listen({ port, host: '127.0.0.1' });
