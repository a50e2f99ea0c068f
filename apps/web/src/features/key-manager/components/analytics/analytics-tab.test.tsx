import {
  type AnalyticsResponse,
  KEY_MANAGER_PATHS,
  KEY_PRODUCT_PATHS,
  KEY_USAGE_PATHS,
  type RequestLogEntry,
} from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../../components/toast/toast-provider';
import { AnalyticsTab } from './analytics-tab';

// jsdom has no canvas: the chart.js drawing is replaced by a marker; the figures are in the table.
vi.mock('./usage-chart-canvas', () => ({
  default: ({ lines }: { lines: { label: string }[] }) => (
    <div data-testid="usage-chart-canvas">{lines.map((line) => line.label).join(', ')}</div>
  ),
}));

const PRODUCT = '0b7d4c3e-2f6a-4f0e-9a51-6d2b8c1e4a01';
const OTHER_PRODUCT = '0b7d4c3e-2f6a-4f0e-9a51-6d2b8c1e4a02';
const KEY_ID = '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11';
const API_KEY_ID = '6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a99';

const products = {
  status: 'ok',
  nextCursor: null,
  products: [
    { id: PRODUCT, code: 'photo', name: 'Photo Studio', isDefault: true, createdAt: '2026-01-01' },
    { id: OTHER_PRODUCT, code: 'notes', name: 'Notes', isDefault: false, createdAt: '2026-01-01' },
  ],
};
const apiKeys = {
  status: 'ok',
  callsPerMinute: 60,
  nextCursor: null,
  keysInformation: [
    {
      id: API_KEY_ID,
      key: 'km_live_AbCd…wxyz',
      name: 'Build server',
      type: 'secret',
      last_used: null,
      remaining_requests: 60,
      requests_made: 0,
      created_at: '2026-01-01T00:00:00.000Z',
      simulation: null,
      product_id: null,
      expires_at: null,
      replaced_by: null,
    },
  ],
};

const zero = {
  validations: 0,
  activations: 0,
  deactivations: 0,
  heartbeats: 0,
  checkouts: 0,
  information: 0,
  other: 0,
  refusals: 0,
};
const point = (at: string, figures: Partial<typeof zero>) => ({ at, ...zero, ...figures });

function analytics(calls: 'some' | 'none'): AnalyticsResponse {
  const some = calls === 'some';
  return {
    status: 'ok',
    period: '7d',
    bucket: 'hour',
    from: '2026-11-21T00:00:00.000Z',
    to: '2026-11-28T00:00:00.000Z',
    series: [
      point('2026-11-27T10:00:00.000Z', some ? { validations: 7, refusals: 2 } : {}),
      point('2026-11-27T11:00:00.000Z', some ? { activations: 3 } : {}),
    ],
    totals: {
      ...zero,
      validations: some ? 7 : 0,
      activations: some ? 3 : 0,
      refusals: some ? 2 : 0,
      calls: some ? 10 : 0,
      uniqueDevices: some ? 4 : 0,
    },
    topKeys: some ? [{ value: KEY_ID, label: 'ABCD-…-WXYZ (Studio)', calls: 9, refusals: 2 }] : [],
    refusalReasons: some ? [{ value: 'EXPIRED', label: 'The key has expired', calls: 2, refusals: 2 }] : [],
    platforms: some ? [{ value: 'windows', label: 'windows', calls: 10, refusals: 2 }] : [],
    appVersions: some ? [{ value: null, label: 'Not sent', calls: 10, refusals: 2 }] : [],
    updatedAt: '2026-11-28T00:00:00.000Z',
  };
}

const entry = (id: string, outcome: string, status: number): RequestLogEntry => ({
  id,
  at: '2026-11-27T10:00:00.000Z',
  operation: 'validateKey',
  keyId: KEY_ID,
  maskedKey: 'ABCD-…-WXYZ',
  apiKeyId: API_KEY_ID,
  apiKey: 'km_live_AbCd…wxyz',
  productId: PRODUCT,
  outcome,
  status,
  latencyMs: 3.2,
  ip: '203.0.113.9',
  userAgent: 'PhotoStudio/2.1 (Windows NT 10.0; a long user agent that is cut in the table)',
  country: 'FR',
  platform: 'windows',
  appVersion: '2.1.0',
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Reply = (body: Record<string, unknown>) => Response | Promise<Response>;

/** A fake server: products, API keys and usage settings always; analytics and request log as told. */
function serve({ analyticsReply, logReply }: { analyticsReply?: Reply; logReply?: Reply }) {
  const asked: { path: string; body: Record<string, unknown> }[] = [];
  let weeklyMail = false;
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    asked.push({ path, body });
    if (path.startsWith(`${KEY_PRODUCT_PATHS.products}?`)) return json(products);
    if (path === KEY_MANAGER_PATHS.getApiKeys) return json(apiKeys);
    if (path === KEY_USAGE_PATHS.usageSettings) {
      if (init?.method === 'POST') weeklyMail = body.weeklyMail === true;
      return json({ status: 'ok', settings: { weeklyMail } });
    }
    if (path === KEY_USAGE_PATHS.analytics && analyticsReply) return analyticsReply(body);
    if (path === KEY_USAGE_PATHS.requestLog && logReply) return logReply(body);
    if (path.includes('.csv?')) return new Response('at,calls\n', { status: 200 });
    throw new Error(`unexpected ${path}`);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    asked,
    bodiesOf: (path: string) => asked.filter((a) => a.path === path).map((a) => a.body),
  };
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderTab(search = '?tab=analytics') {
  return render(
    <MemoryRouter initialEntries={[`/store/key-manager${search}`]}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <AnalyticsTab />
          <Address />
        </ToastProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

describe('AnalyticsTab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('holds the chart’s place with placeholders while the figures load', async () => {
    serve({ analyticsReply: () => new Promise<Response>(() => {}) });
    renderTab();
    const frame = await screen.findByTestId('usage-chart-frame');
    expect(frame.style.height).toBe('280px');
    expect(frame.querySelector('.placeholder')).not.toBeNull();
    expect(
      within(screen.getByTestId('usage-totals')).getAllByText('', { selector: '.placeholder' }),
    ).toHaveLength(4);
    expect(screen.queryByTestId('usage-chart-canvas')).toBeNull();
  });

  it('explains an empty period and links to the documentation', async () => {
    serve({ analyticsReply: () => json(analytics('none')) });
    renderTab();
    const empty = await screen.findByTestId('usage-empty');
    expect(empty.textContent).toContain('No calls yet in this period.');
    expect(within(empty).getByRole('link', { name: 'Documentation tab' }).getAttribute('href')).toBe(
      '/store/key-manager?tab=documentation',
    );
    expect(screen.getByTestId('usage-empty').closest('[data-testid="usage-chart-frame"]')).not.toBeNull();
    expect(screen.getByTestId('usage-total-calls').textContent).toBe('0');
    expect(screen.queryByRole('heading', { name: 'Top keys' })).toBeNull();
  });

  it('says why the figures failed, in the chart’s place, and tries again', async () => {
    let fail = true;
    const server = serve({
      analyticsReply: () =>
        fail
          ? json(
              { status: 'failed', message: 'The figures are not available right now.', code: 'internal' },
              500,
            )
          : json(analytics('some')),
    });
    renderTab();
    const error = await screen.findByTestId('usage-error');
    expect(within(error).getByRole('alert').textContent).toBe('The figures are not available right now.');
    expect(screen.getByTestId('usage-total-calls').textContent).toBe('—');
    fail = false;
    await act(async () => fireEvent.click(within(error).getByRole('button', { name: 'Try again' })));
    expect(await screen.findByTestId('usage-chart-canvas')).toBeTruthy();
    expect(server.bodiesOf(KEY_USAGE_PATHS.analytics).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the totals, the chart with its figures as a table, and the top lists', async () => {
    serve({ analyticsReply: () => json(analytics('some')) });
    renderTab();
    // Only lines with a call are drawn; the table lists every line.
    expect((await screen.findByTestId('usage-chart-canvas')).textContent).toBe(
      'Validations, Activations, Refusals',
    );
    expect(screen.getByTestId('usage-total-calls').textContent).toBe('10');
    expect(screen.getByTestId('usage-total-validations').textContent).toBe('7');
    expect(screen.getByTestId('usage-total-refusals').textContent).toBe('2');
    expect(screen.getByTestId('usage-total-unique-devices').textContent).toBe('4');

    const table = screen.getByTestId('usage-chart-table');
    expect(table.parentElement?.className).toBe('visually-hidden');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Hour',
      'Validations',
      'Activations',
      'Deactivations',
      'Heartbeats',
      'Checkouts',
      'Key information',
      'Other calls',
      'Refusals',
    ]);
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7', '0', '0', '0', '0', '0', '0', '2']);

    const topKeys = screen.getByRole('region', { name: 'Top keys' });
    expect(within(topKeys).getByRole('link', { name: 'ABCD-…-WXYZ (Studio)' }).getAttribute('href')).toBe(
      `/store/key-manager/keys/${KEY_ID}`,
    );
    const versions = screen.getByRole('region', { name: 'App versions' });
    expect(within(versions).getByText('Not sent')).toBeTruthy();

    // A refusal reason opens the requests refused with that code.
    const reasons = screen.getByRole('region', { name: 'Top refusal reasons' });
    fireEvent.click(within(reasons).getByRole('button', { name: /The key has expired/ }));
    expect(address().get('view')).toBe('requests');
    expect(address().get('outcome')).toBe('EXPIRED');
    expect(address().get('kind')).toBe('refused');
  });

  it('reads its filters from the address and writes every change back to it', async () => {
    const server = serve({ analyticsReply: () => json(analytics('some')) });
    renderTab(`?tab=analytics&period=30d&product=${PRODUCT}&apiKey=not-an-id`);
    await screen.findByTestId('usage-chart-canvas');
    // An ID the contract would refuse is left out rather than sent.
    expect(server.bodiesOf(KEY_USAGE_PATHS.analytics)[0]).toEqual({ period: '30d', productId: PRODUCT });
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('30d');
    expect((await screen.findByRole('option', { name: 'Photo Studio' })) as HTMLOptionElement).toBeTruthy();
    expect((screen.getByLabelText('Product') as HTMLSelectElement).value).toBe(PRODUCT);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '24h' } });
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: OTHER_PRODUCT } });
    await screen.findByRole('option', { name: 'Build server (km_live_AbCd…wxyz)' });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: API_KEY_ID } });
    expect(address().get('tab')).toBe('analytics');
    expect(address().get('period')).toBe('24h');
    expect(address().get('product')).toBe(OTHER_PRODUCT);
    expect(address().get('apiKey')).toBe(API_KEY_ID);
    await waitFor(() =>
      expect(server.bodiesOf(KEY_USAGE_PATHS.analytics)).toContainEqual({
        period: '24h',
        productId: OTHER_PRODUCT,
        apiKeyId: API_KEY_ID,
      }),
    );

    fireEvent.change(screen.getByLabelText('Product'), { target: { value: '' } });
    expect(address().has('product')).toBe(false);
  });

  it('downloads each view’s CSV with the filters on screen', async () => {
    const server = serve({ analyticsReply: () => json(analytics('some')) });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    renderTab(`?tab=analytics&period=90d&product=${PRODUCT}`);
    await screen.findByTestId('usage-chart-canvas');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: /^CSV ?of the refusal reasons$/ })),
    );
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const csv = server.asked.find((asked) => asked.path.startsWith(KEY_USAGE_PATHS.analyticsCsv));
    expect(csv?.path).toBe(
      `${KEY_USAGE_PATHS.analyticsCsv}?view=refusal-reasons&period=90d&productId=${PRODUCT}`,
    );
  });

  it('saves the weekly mail switch and says so', async () => {
    const server = serve({ analyticsReply: () => json(analytics('none')) });
    renderTab();
    const weekly = (await screen.findByLabelText('Weekly usage mail')) as HTMLInputElement;
    await waitFor(() => expect(weekly.disabled).toBe(false));
    expect(weekly.checked).toBe(false);
    await act(async () => fireEvent.click(weekly));
    expect(await screen.findByText('Weekly usage mail on: the first arrives next Monday.')).toBeTruthy();
    expect(weekly.checked).toBe(true);
    const saved = server.asked.find(
      (asked) => asked.path === KEY_USAGE_PATHS.usageSettings && asked.body.weeklyMail !== undefined,
    );
    expect(saved?.body).toEqual({ weeklyMail: true });
  });
});

describe('AnalyticsTab › Requests', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the requests with their outcome, filters them on the server and pages by cursor', async () => {
    const server = serve({
      logReply: (body) =>
        json({
          status: 'ok',
          entries:
            body.cursor === 'c2'
              ? [entry('r3', 'ok', 200)]
              : [entry('r1', 'EXPIRED', 200), entry('r2', 'VALID', 200)],
          nextCursor: body.cursor === 'c2' ? null : 'c2',
        }),
    });
    renderTab(`?tab=analytics&view=requests&product=${PRODUCT}`);
    const table = await screen.findByTestId('request-log');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const refused = rows[0] as HTMLElement;
    expect(within(refused).getByTestId('request-outcome').textContent).toBe('Refused: EXPIRED');
    expect(within(refused).getByTestId('request-outcome').className).toContain('bg-danger');
    expect(within(rows[1] as HTMLElement).getByTestId('request-outcome').className).toContain('bg-success');
    expect(within(refused).getByRole('link', { name: 'ABCD-…-WXYZ' }).getAttribute('href')).toBe(
      `/store/key-manager/keys/${KEY_ID}`,
    );
    expect(
      within(refused)
        .getByText(/PhotoStudio\/2\.1/)
        .getAttribute('title'),
    ).toContain('a long user agent');
    expect(within(refused).getByText('3 ms')).toBeTruthy();
    expect(server.bodiesOf(KEY_USAGE_PATHS.requestLog)[0]).toEqual({ productId: PRODUCT, limit: 50 });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Older' })));
    await waitFor(() =>
      expect(within(screen.getByTestId('request-log')).getAllByRole('row')).toHaveLength(2),
    );
    expect(server.bodiesOf(KEY_USAGE_PATHS.requestLog).at(-1)).toEqual({
      productId: PRODUCT,
      limit: 50,
      cursor: 'c2',
    });

    // A filter starts again from the newest page and is kept in the address.
    fireEvent.change(screen.getByLabelText('Outcome'), { target: { value: 'refused' } });
    fireEvent.change(screen.getByLabelText('Operation'), { target: { value: 'validateKey' } });
    fireEvent.change(screen.getByLabelText('Outcome code'), { target: { value: 'EXPIRED' } });
    fireEvent.change(screen.getByLabelText('Key ID'), { target: { value: '6f1c9a52' } });
    expect(screen.getByText(/A key’s ID, as its page shows it/)).toBeTruthy();
    expect(address().has('key')).toBe(false);
    fireEvent.change(screen.getByLabelText('Key ID'), { target: { value: KEY_ID } });
    await waitFor(() =>
      expect(server.bodiesOf(KEY_USAGE_PATHS.requestLog)).toContainEqual({
        productId: PRODUCT,
        keyId: KEY_ID,
        operation: 'validateKey',
        kind: 'refused',
        outcome: 'EXPIRED',
        limit: 50,
      }),
    );
    expect(address().get('kind')).toBe('refused');
    expect(address().get('operation')).toBe('validateKey');
    expect(address().get('outcome')).toBe('EXPIRED');
    expect(address().get('key')).toBe(KEY_ID);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-27T08:00' } });
    const from = address().get('from');
    expect(from && new Date(from).getTime()).toBe(new Date('2026-11-27T08:00').getTime());
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-27T08:00');

    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /^CSV ?of the request log$/ })));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    const csv = server.asked.find((asked) => asked.path.startsWith(KEY_USAGE_PATHS.requestLogCsv));
    const csvQuery = new URLSearchParams(csv?.path.split('?')[1]);
    expect(Object.fromEntries(csvQuery)).toEqual({
      productId: PRODUCT,
      keyId: KEY_ID,
      operation: 'validateKey',
      outcome: 'EXPIRED',
      kind: 'refused',
      from,
    });
  });

  it('says when no request matches, and shows a failure with a retry', async () => {
    let fail = true;
    serve({
      logReply: () =>
        fail
          ? json({ status: 'failed', message: 'The request log is not available.', code: 'internal' }, 500)
          : json({ status: 'ok', entries: [], nextCursor: null }),
    });
    renderTab('?tab=analytics&view=requests');
    expect(await screen.findByText('The request log is not available.')).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(
      await screen.findByText('No requests match these filters. Requests are kept for 30 days.'),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Request log pages' })).toBeNull();
  });
});
