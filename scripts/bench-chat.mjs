// `npm run bench:chat` (decision 026 (5)): project-chat fan-out at 2, 50 and 200 sockets per room,
// against a bare `ws` broadcast server in the same run. Both servers take a message as an HTTP POST and
// push it to every socket of the room; the API also stores it, reads it back once and builds each
// reader's view. Senders (BENCH_SENDERS, closed loop) post, wait until every socket has the message, and
// post again, for BENCH_DURATION seconds per room size and server. Prints delivery latency p50/p95 (post
// start → frame received, over every socket), deliveries per second, the API/bare ratio and the load
// average.
//
// The API runs in its own process built from apps/api/dist with the chat socket caps raised: every
// socket of the benchmark comes from one address and (but for the sender's) one admin account, which
// the production caps (30 per address, 10 per account) would refuse. Fresh database each run: PGlite in
// a temp dir, or a new `bench_*` database on the PostgreSQL server of DATABASE_URL (dropped at the end).
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bareChatSockets, joinChat, socketUrl } from './bench-chat-sockets.mjs';
import { fmtLoad, freshDatabase, percentileOfSorted, round1, stopChildren } from './bench-support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 5) * 1000;
const SENDERS = Number(process.env.BENCH_SENDERS ?? 4);
const SIZES = (process.env.BENCH_SIZES ?? '2,50,200').split(',').map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const BARE_PORT = PORT + 1;
const SEND_PATH = '/api/v1/chat/set/project/active';
const TARGET_RATIO = 0.25;
const TARGET_P95_MS = 100;

/** The floor: POST /send?room= pushes the body to every socket of the room, nothing else. */
function runBareServer() {
  const rooms = new Map();
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare');
    if (request.method !== 'POST' || url.pathname !== '/send') {
      response.writeHead(404).end();
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString());
      const room = url.searchParams.get('room');
      const frame = JSON.stringify({
        type: 'project-message',
        room,
        message: {
          id: 1,
          self: false,
          from: 'Bare',
          message: body.message,
          date_time: new Date().toISOString(),
        },
      });
      for (const ws of rooms.get(room) ?? []) ws.send(frame);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
  });
  bareChatSockets(http, {
    roomOf: (target) => `project:${target.project}`,
    onJoined: (ws, room) => {
      const members = rooms.get(room) ?? new Set();
      members.add(ws);
      rooms.set(room, members);
      ws.on('close', () => members.delete(ws));
    },
  });
  http.listen(BARE_PORT, '127.0.0.1', () => process.send?.({ listening: true }));
}

/** The API in this process with raised socket caps; sends back the accounts and one project per size. */
async function runApiServer({ dataDir, databaseUrl }) {
  const dist = path.join(root, 'apps/api/dist');
  const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
  const { buildApp } = await load('app.js');
  const { loadConfig } = await load('config.js');
  const { openPglite, openPostgres } = await load('db/client.js');
  const { migrateDatabase } = await load('migrate.js');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
  });
  const database = databaseUrl
    ? await openPostgres(databaseUrl)
    : await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await migrateDatabase(database);
  const many = 10_000;
  const { app, deps } = await buildApp({
    config,
    database,
    jwtSecret: config.JWT_SECRET,
    chatSocketLimits: { connectionsPerIp: many, connectionsPerUser: many, ipFrameBurst: many * 20 },
  });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const account = async (role, userType) => {
    const user = await deps.accounts.createAccount({
      username: `${role} bench`,
      firstName: role,
      lastName: 'Bench',
      email: `${role}-${Date.now()}@example.com`,
      password: 'bench-password-1',
      securityQuestion: 'Colour?',
      securityQuestionAnswer: 'Teal',
      userType,
    });
    return (await deps.sessions.issue(user, false)).access;
  };
  const client = await account('client', 'c');
  const admin = await account('admin', 'a');
  const base = `http://127.0.0.1:${PORT}`;
  const rooms = [];
  for (const size of SIZES) {
    const form = new FormData();
    form.set('name', `Bench room ${size}`);
    form.set('android', 'false');
    form.set('web', 'true');
    form.set('desktop', 'false');
    form.set('proposal', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'proposal.pdf');
    const created = await fetch(`${base}/api/v1/user/project/request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client}` },
      body: form,
    });
    if (!created.ok) throw new Error(`order failed: ${created.status} ${await created.text()}`);
    const { orderID } = await created.json();
    const list = await fetch(`${base}/api/v1/user/projects`, {
      headers: { authorization: `Bearer ${client}` },
    });
    const order = (await list.json()).data[orderID];
    rooms.push({ size, order: order.id, project: order.projects[0].id });
  }
  process.send?.({ listening: true, client, admin, rooms });
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/** Opens `size` sockets joined to the room: the sender's own and `size - 1` others. */
async function openRoom(base, room, tokens) {
  const url = socketUrl(base);
  const target = { kind: 'project', order: room.order, project: room.project };
  const open = (token) => joinChat(url, { access: token }, target);
  const sockets = [await open(tokens.sender)];
  // Joined a few at a time: the join path reads the database, which is not what this measures.
  for (let i = 1; i < room.size; i += 10) {
    const batch = Math.min(10, room.size - i);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, () => open(tokens.other)))));
  }
  return sockets;
}

/** Closed loop: SENDERS senders post and wait for every socket to have the message, for DURATION_MS. */
async function measure(sockets, post) {
  const latencies = [];
  const pending = new Map();
  for (const ws of sockets) {
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (!text.includes('"project-message"')) return;
      const tag = /bench-(\d+)/.exec(text)?.[1];
      const entry = tag && pending.get(tag);
      if (!entry) return;
      latencies.push(performance.now() - entry.started);
      entry.left -= 1;
      if (entry.left === 0) {
        pending.delete(tag);
        entry.done();
      }
    });
  }
  let sequence = 0;
  let messages = 0;
  let failures = 0;
  const started = performance.now();
  const until = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (performance.now() < until) {
        sequence += 1;
        const tag = String(sequence);
        const arrived = new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            pending.delete(tag);
            reject(new Error('timeout'));
          }, 10_000);
          pending.set(tag, {
            started: performance.now(),
            left: sockets.length,
            done: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
        try {
          const response = await post(`bench-${tag}`);
          if (!response.ok) throw new Error(`post ${response.status}`);
          await response.arrayBuffer();
          await arrived;
          messages += 1;
        } catch {
          failures += 1;
          pending.delete(tag);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const ws of sockets) ws.close();
  latencies.sort((a, b) => a - b);
  const at = (p) => round1(percentileOfSorted(latencies, p) ?? NaN);
  return {
    messages,
    failures,
    deliveriesPerSecond: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p95: at(0.95),
  };
}

async function main() {
  if (!existsSync(path.join(root, 'apps/api/dist/app.js'))) {
    console.error('Build the API first: npx tsc -b apps/api');
    process.exit(1);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-chat-'));
  const database = await freshDatabase(process.env.DATABASE_URL);
  const load = [loadavg()];
  const children = [];
  let exitCode = 0;
  try {
    const bare = fork(import.meta.filename, ['--bare'], { stdio: 'inherit' });
    children.push(bare);
    await new Promise((resolve) => bare.once('message', resolve));
    const api = fork(
      import.meta.filename,
      ['--api', JSON.stringify({ dataDir, databaseUrl: database.url })],
      {
        stdio: 'inherit',
      },
    );
    children.push(api);
    const setup = await new Promise((resolve, reject) => {
      api.once('message', resolve);
      api.once('exit', (code) => reject(new Error(`API exited with ${code}`)));
    });
    const apiBase = `http://127.0.0.1:${PORT}`;
    const bareBase = `http://127.0.0.1:${BARE_PORT}`;
    const tokens = { sender: setup.client, other: setup.admin };
    const results = [];
    for (const room of setup.rooms) {
      const bareSockets = await openRoom(bareBase, room, tokens);
      const bareRun = await measure(bareSockets, (message) =>
        fetch(`${bareBase}/send?room=project:${room.project}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ message }),
        }),
      );
      const apiSockets = await openRoom(apiBase, room, tokens);
      const apiRun = await measure(apiSockets, (message) =>
        fetch(`${apiBase}${SEND_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.client}` },
          body: JSON.stringify({ message, order: room.order, project: room.project }),
        }),
      );
      results.push({ size: room.size, bareRun, apiRun });
    }
    load.push(loadavg());

    console.log(
      `\nDatabase: ${database.url ? 'PostgreSQL' : 'PGlite'}; ${SENDERS} senders in a closed loop, ` +
        `${DURATION_MS / 1000} s per room size and server; latency = HTTP post start → frame at each socket`,
    );
    console.log(`Load average (1/5/15 min) before: ${fmtLoad(load[0])}; after: ${fmtLoad(load[1])}\n`);
    console.log(
      '| sockets per room | bare p50 / p95 ms | bare deliveries/s | API p50 / p95 ms | API deliveries/s | API / bare | API messages (failed) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const { size, bareRun, apiRun } of results) {
      const ratio = apiRun.deliveriesPerSecond / Math.max(bareRun.deliveriesPerSecond, 1);
      console.log(
        `| ${size} | ${bareRun.p50} / ${bareRun.p95} | ${bareRun.deliveriesPerSecond} | ` +
          `${apiRun.p50} / ${apiRun.p95} | ${apiRun.deliveriesPerSecond} | ${(ratio * 100).toFixed(1)} % | ` +
          `${apiRun.messages} (${apiRun.failures}) |`,
      );
      if (size === Math.max(...SIZES)) {
        if (ratio < TARGET_RATIO) {
          console.log(`At ${size} sockets the API reaches ${(ratio * 100).toFixed(1)} % of bare, under 25 %`);
          exitCode = 1;
        }
        if (apiRun.p95 >= TARGET_P95_MS) {
          console.log(`At ${size} sockets the API's p95 ${apiRun.p95} ms is not under ${TARGET_P95_MS} ms`);
          exitCode = 1;
        }
      }
    }
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    await stopChildren(children);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

// Last, so every constant above is initialised: one file plays the bench, the bare server and the API.
const mode = process.argv[2];
if (mode === '--bare') runBareServer();
else if (mode === '--api') await runApiServer(JSON.parse(process.argv[3] ?? '{}'));
else await main();
