// Open Key Manager pages for `npm run bench:keys` (decision 025, "five open dashboards"): each signs in as
// the key owner and polls as apps/web/src/features/key-manager/api.ts does — `data` every second
// (useKeyManagerData, on every tab) and the open tab's own list: every 3 s the Keys tab's first page
// (useLicenceKeyPage: `get-keys`, limit 50), or every 5 s the Dashboard tab's calls card (useAnalytics
// in analytics-api.ts: `analytics`, 7 days; decision 037). `data` and `get-keys` send If-None-Match with
// the last ETag (the web's `conditional` calls), `analytics` does not. Like TanStack Query's refetchInterval, a poll that is
// still in flight is not sent twice. Pages start at random moments within a second.

const KM = '/api/v1/saas-platform/key-manager';
const DATA_POLL_MS = 1000;
const LIST_POLL_MS = 3000;
const ANALYTICS_POLL_MS = 5000;

/** What each tab polls beside `data`: [route, body, conditional, every ms]. */
const TAB_LISTS = {
  keys: [`${KM}/get-keys`, { limit: 50 }, true, LIST_POLL_MS],
  dashboard: [`${KM}/analytics`, { period: '7d' }, false, ANALYTICS_POLL_MS],
};

/** `count` access tokens of the owner (one session each, like separate browsers). */
export async function signInPages(base, email, password, count) {
  const tokens = [];
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${base}/api/v1/user/authenticate/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, rememberMe: false }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`dashboard sign-in failed: ${response.status} ${text}`);
    tokens.push(JSON.parse(text).access);
  }
  return tokens;
}

/** One polled call of one page: keeps its ETag and skips a tick while the last one is in flight. */
function poller(base, token, [route, body, conditional], counts) {
  let etag = '';
  let busy = false;
  return async () => {
    if (busy) {
      counts.skipped += 1;
      return;
    }
    busy = true;
    try {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      if (conditional && etag) headers['if-none-match'] = etag;
      const response = await fetch(`${base}${route}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      counts.requests += 1;
      if (response.status === 304) counts.notModified += 1;
      else if (response.ok) etag = response.headers.get('etag') ?? '';
      else counts.failed += 1;
    } catch {
      counts.failed += 1;
    } finally {
      busy = false;
    }
  };
}

/**
 * Starts one polling page per token on `tab` ('keys' or 'dashboard'); `stop()` ends them and resolves
 * to their counts: requests answered, 304s among them, failures, ticks skipped while one was in flight.
 */
export function startDashboards(base, tokens, tab) {
  const list = TAB_LISTS[tab];
  if (!list) throw new Error(`BENCH_DASHBOARD_TAB must be keys or dashboard, not ${tab}`);
  const counts = { requests: 0, notModified: 0, failed: 0, skipped: 0 };
  const timers = [];
  for (const token of tokens) {
    const data = poller(base, token, [`${KM}/data`, {}, true], counts);
    const listed = poller(base, token, list, counts);
    const start = setTimeout(() => {
      data();
      listed();
      timers.push(setInterval(data, DATA_POLL_MS), setInterval(listed, list[3]));
    }, Math.random() * DATA_POLL_MS);
    timers.push(start);
  }
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      return counts;
    },
  };
}
