// The reference of `npm run bench:keys`: a bare Fastify 5 app, no plugins, no hooks, logger off.
// What the runtime and the framework alone answer on this machine, measured in the same run as
// the server, so each route of the server is reported as a fraction of it.
//   GET  /      → {"status":"ok"}            (the reference of GET /healthz)
//   POST /echo  → the JSON body it was sent  (the reference of the public REST routes)
// Started by bench-keys.mjs with the same node binary as the server; listens on BENCH_BARE_PORT.
import Fastify from 'fastify';

const port = Number(process.env.BENCH_BARE_PORT ?? 3191);
const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok' }));
app.post('/echo', async (request) => request.body);

process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
await app.listen({ port, host: '127.0.0.1' });
