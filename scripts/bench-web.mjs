// `npm run bench:web`: Lighthouse 12 (mobile, its default) on the production build of /, /about and
// /products, served by the real server on a throwaway data dir. Prints the four category scores and
// exits 1 when one misses its target (decision 009). Needs a build (`npm run build`); Chromium comes from
// CHROME_PATH (default /usr/bin/chromium). WEB_DIST may point at another web build.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const PORT = Number(process.env.BENCH_PORT ?? 3190);
const BASE = `http://localhost:${PORT}`;
const PAGES = ['/', '/about', '/products'];
const TARGETS = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 95 };
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const webDist = path.resolve(root, process.env.WEB_DIST ?? 'apps/web/dist');

for (const [file, hint] of [
  [path.join(root, 'apps/api/dist/main.js'), 'npm run build'],
  [path.join(webDist, 'index.html'), 'npm run build'],
  [CHROME_PATH, 'apt-get install chromium, or set CHROME_PATH'],
]) {
  if (!existsSync(file)) {
    console.error(`bench:web: ${file} is missing (${hint})`);
    process.exit(2);
  }
}

async function waitForReady(child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready within 60 s');
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-web-'));
const server = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    PUBLIC_URL: BASE,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'bench-admin',
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: 'bench-admin-password',
  },
});
/**
 * One fresh Chromium per run (runs sharing a browser sometimes lose their trace: NO_NAVSTART), and
 * one retry when Lighthouse reports a runtime error rather than a score.
 */
async function audit(url) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const error = result.lhr.runtimeError;
      if (!error || attempt === 2) return result;
      console.error(`${url}: ${error.code}, running again`);
    } finally {
      await chrome.kill();
    }
  }
}

let failed = false;
try {
  await waitForReady(server);
  const reportDir = path.join(root, '.tmp', 'lighthouse');
  await mkdir(reportDir, { recursive: true });
  const rows = [];
  for (const page of PAGES) {
    const result = await audit(`${BASE}${page}`);
    if (result.lhr.runtimeError)
      console.error(`${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    for (const warning of result.lhr.runWarnings) console.error(`${page}: ${warning}`);
    const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '_');
    await writeFile(path.join(reportDir, `${name}.html`), result.report);
    const scores = Object.fromEntries(
      Object.keys(TARGETS).map((key) => [key, Math.round((result.lhr.categories[key]?.score ?? 0) * 100)]),
    );
    rows.push({ page, ...scores });
    for (const [key, target] of Object.entries(TARGETS)) {
      if (scores[key] < target) {
        failed = true;
        const audits = Object.values(result.lhr.audits)
          .filter(
            (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
          )
          .map((audit) => audit.id);
        console.error(`${page}: ${key} ${scores[key]} < ${target}; weak audits: ${audits.join(', ')}`);
      }
    }
  }
  console.log(`Lighthouse ${lighthouseVersion()} (mobile), reports in .tmp/lighthouse/`);
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

function lighthouseVersion() {
  try {
    return JSON.parse(readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
  } catch {
    return '12';
  }
}
