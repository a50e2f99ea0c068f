// `node scripts/bench-metrics-hook.mjs` (after `npx tsc -b apps/api`): the CPU the metrics add per
// request (decision 040), measured in-process so the machine's load matters less than in bench:keys:
// the onResponse hook http-metrics.ts gives a route (one histogram observation), and the Key Manager
// counter increment (registry.ts keyCall), each called 2,000,000 times, 3 rounds.
import Fastify from 'fastify';
import { registerHttpMetrics } from '../apps/api/dist/platform/metrics/http-metrics.js';
import { createMetrics } from '../apps/api/dist/platform/metrics/registry.js';

const N = 2_000_000;
const metrics = createMetrics({ enabled: true });
const app = Fastify();
registerHttpMetrics(app, metrics);
let hook;
// Runs after the metrics' onRoute hook: the route's onResponse list then holds the metrics hook.
app.addHook('onRoute', (route) => {
  hook = route.onResponse[0];
});
app.post('/api/v1/saas-platform/key-manager/validate-key', async () => ({}));
await app.ready();
const request = { method: 'POST' };
const reply = { statusCode: 200, elapsedTime: 1.5 };
const done = () => {};

function cpuPerCall(call) {
  const start = process.cpuUsage();
  for (let i = 0; i < N; i++) call(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / N;
}
for (let round = 1; round <= 3; round++) {
  const http = cpuPerCall((i) => {
    reply.statusCode = i % 10 ? 200 : 404;
    hook(request, reply, done);
  });
  const key = cpuPerCall((i) => metrics.keyCall('validateKey', i % 3 ? 'VALID' : 'EXPIRED'));
  console.log(`round ${round}: HTTP hook ${http.toFixed(3)} µs/request, keyCall ${key.toFixed(3)} µs/call`);
}
await app.close();
