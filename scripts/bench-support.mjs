// What the benchmark scripts share: a throw-away database, the built API in a child process, and the
// small figures they print (percentiles, rounding, load average). Scripts import what they need.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

/**
 * A new empty database on the PostgreSQL server of `serverUrl`, named `<prefix>_<time>`, and a `drop`
 * for the end of the run. Without a server URL: `url` is undefined (the API then uses PGlite).
 */
export async function freshDatabase(serverUrl, prefix = 'bench') {
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The built API (`<dist>/main.js`) in its own process: fresh data dir, no demo data, warn logging. */
export function startApi({ dist, port, dataDir, databaseUrl, nodeArgs = [] }) {
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return spawn(process.execPath, [...nodeArgs, path.join(dist, 'main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** BENCH_NODE_ARGS as a list of flags for the server's node. */
export const benchNodeArgs = () => (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Polls `<base>/readyz` for up to two minutes. */
export async function waitReady(base) {
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready');
}

/** SIGTERM to each child process, waiting for each to exit. */
export async function stopChildren(children) {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export const round1 = (value) => Math.round(value * 10) / 10;
export const fmtLoad = (values) => values.map((value) => value.toFixed(2)).join(' / ');

/** The value at fraction `p` (0–1) of an ascending list: the smallest with at least p of the list at or below it. */
export const percentileOfSorted = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/**
 * A lean HTTP/1.1 keep-alive client for load generators: node:http with one pooled socket per
 * concurrent caller and no body decoding beyond a string. On this 2-core machine the generator shares
 * the cores with the server it measures; `fetch` cost ~0.6 ms of CPU per 13 KB page (more than the
 * server spent answering it), which measured the generator's own contention. Returns
 * `request({ method, path, headers, body }) → { status, text, ms }` and `close()`.
 */
export function keepAliveClient(base, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);
  const request = ({ method = 'GET', path: target, headers = {}, body }) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const payload = body === undefined ? undefined : Buffer.from(body);
      const outgoing = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path: target,
          headers: payload ? { ...headers, 'content-length': payload.length } : headers,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode,
              text: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  return { request, close: () => agent.destroy() };
}

/**
 * A list reply's `nextCursor` without parsing the whole page (a 13 KB page cost the generator ~50 µs
 * of JSON.parse for one string): found from the end, where every list writes it.
 */
export function nextCursorOf(text) {
  const at = text.lastIndexOf('"nextCursor":');
  if (at < 0) throw new Error(`no nextCursor in the reply: ${text.slice(0, 200)}`);
  const value = text.slice(at + '"nextCursor":'.length);
  return value.startsWith('null') ? null : JSON.parse(value.slice(0, value.indexOf('"', 1) + 1));
}
