import {
  BULK_PROGRESS_MEDIA_TYPE,
  type ImportKeysRequest,
  KEY_BULK_PATHS,
  KEY_PRODUCT_PATHS,
} from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider';
import { fakeXhr } from '../../../test/fake-xhr';
import { ImportKeysDialog } from './import-keys-dialog';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const products = {
  status: 'ok',
  nextCursor: null,
  products: [
    { id: 'default-id', code: 'default', name: 'Default product', isDefault: true, createdAt: '2026-01-01' },
    {
      id: '0f8c7a4e-7d7c-4a58-9a57-6a3c1b2d3e4f',
      code: 'studio',
      name: 'Studio',
      isDefault: false,
      createdAt: '2026-01-01',
    },
  ],
};

const BAD = 'key,max_activations\nK-1,3\nK-2,lots\n';
const GOOD = 'key,max_activations\nK-1,3\nK-2,4\n';

/** The server's answers: a bad row on line 3 of BAD; the import of GOOD writes both rows. */
function reply(body: ImportKeysRequest) {
  const bad = body.csv === BAD;
  return {
    status: 'ok',
    message: body.dryRun ? 'Checked' : '2 keys imported',
    dryRun: body.dryRun,
    rows: 2,
    imported: body.dryRun ? 0 : 2,
    errorCount: bad ? 1 : 0,
    errors: bad ? [{ line: 3, field: 'max_activations', message: 'Max activations must be a number' }] : [],
  };
}

async function choose(input: HTMLElement, text: string) {
  const file = new File([text], 'keys.csv', { type: 'text/csv' });
  // jsdom's File has no text(); browsers' does.
  Object.defineProperty(file, 'text', { value: async () => text });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  // The file is read asynchronously.
  await screen.findByTestId('import-chosen-file');
}

describe('ImportKeysDialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks the file first, lists bad rows by line, and imports only a clean file', async () => {
    const sent: ImportKeysRequest[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        expect(path.startsWith(KEY_PRODUCT_PATHS.products)).toBe(true);
        return json(products);
      }),
    );
    // The import goes over XHR (upload progress); a plain JSON reply is read as the call's answer.
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr((request) => {
        expect(request.path).toBe(KEY_BULK_PATHS.importKeys);
        const body = JSON.parse(request.body) as ImportKeysRequest;
        sent.push(body);
        request.part(200, JSON.stringify(reply(body)));
        request.end();
      }),
    );
    const onHide = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ImportKeysDialog onHide={onHide} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const dialog = within(screen.getByRole('dialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Check file' })));
    expect(dialog.getByText('Choose a CSV file')).toBeTruthy();
    expect(sent).toEqual([]);

    await choose(dialog.getByLabelText('CSV file'), BAD);
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Check file' })));
    const errors = within(await dialog.findByTestId('import-errors'));
    expect(errors.getByText('1 of 2 rows cannot be imported', { exact: false })).toBeTruthy();
    expect(errors.getAllByRole('row')[1]?.textContent).toContain('3');
    expect(sent.at(-1)).toEqual({ csv: BAD, dryRun: true });
    // A file with bad rows is never imported: the button still checks.
    expect(dialog.getByRole('button', { name: 'Check file' })).toBeTruthy();

    await choose(dialog.getByLabelText('CSV file'), GOOD);
    expect(dialog.queryByTestId('import-errors')).toBeNull();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Check file' })));
    await dialog.findByText('All 2 rows are valid', { exact: false });

    // Another product makes the check stale: it must run again for that choice.
    fireEvent.change(await dialog.findByLabelText('Product of rows that name none'), {
      target: { value: products.products[1]?.id },
    });
    expect(dialog.getByRole('button', { name: 'Check file' })).toBeTruthy();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Check file' })));
    await act(async () => fireEvent.click(await dialog.findByRole('button', { name: 'Import 2 keys' })));
    expect(sent.at(-1)).toEqual({ csv: GOOD, dryRun: false, productId: products.products[1]?.id });
    expect(onHide).toHaveBeenCalled();
  });

  it('shows the upload’s percent, then the rows checked and keys written as the server reports them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(products)),
    );
    // Each step waits for the test to let it go, so every state can be seen on screen.
    const gates: (() => void)[] = [];
    const gate = () => new Promise<void>((resolve) => gates.push(resolve));
    const release = async () => {
      await act(async () => {
        for (let i = 0; i < 20 && gates.length === 0; i += 1) await Promise.resolve();
        gates.shift()?.();
      });
    };
    const headers: Record<string, string>[] = [];
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr(async (request) => {
        headers.push(request.headers);
        const body = JSON.parse(request.body) as ImportKeysRequest;
        const line = (value: unknown) => `${JSON.stringify(value)}\n`;
        await gate();
        request.uploaded(1024, 4096);
        await gate();
        request.part(200, line({ type: 'progress', phase: 'checking', done: 1000, total: 2000 }));
        await gate();
        if (!body.dryRun)
          request.part(200, line({ type: 'progress', phase: 'writing', done: 2000, total: 2000 }));
        await gate();
        request.part(200, line({ type: 'done', httpStatus: 200, body: reply(body) }));
        request.end();
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ImportKeysDialog onHide={vi.fn()} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const dialog = within(screen.getByRole('dialog'));
    await choose(dialog.getByLabelText('CSV file'), GOOD);
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Check file' })));
    const progress = within(await dialog.findByTestId('bulk-progress'));
    expect(progress.getByRole('status').textContent).toBe('Checking…');
    expect(
      progress.getByRole('progressbar', { name: 'Checking the file' }).getAttribute('aria-valuenow'),
    ).toBe('0');
    await release();
    expect(progress.getByRole('status').textContent).toBe('Sending the file… 25%');
    expect(progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    await release();
    expect(progress.getByRole('status').textContent).toBe('Checking rows… 1,000 of 2,000');
    expect(progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    await release();
    await release();
    await dialog.findByText('All 2 rows are valid', { exact: false });
    expect(headers[0]?.accept).toBe(BULK_PROGRESS_MEDIA_TYPE);

    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Import 2 keys' })));
    await release();
    await release();
    await release();
    const writing = within(await dialog.findByTestId('bulk-progress'));
    expect(writing.getByRole('status').textContent).toBe(
      'Writing keys… 2,000 of 2,000 (saved together when all are written)',
    );
    expect(writing.getByRole('progressbar', { name: 'Importing keys' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    await release();
    expect(await screen.findByText('2 keys imported')).toBeTruthy();
  });

  it('shows a failure the server reports in the done line, with its sentence', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(products)),
    );
    vi.stubGlobal(
      'XMLHttpRequest',
      fakeXhr((request) => {
        const failed = {
          status: 'failed',
          code: 'conflict',
          message: 'Your plan allows 3 keys. Delete a key or upgrade your plan.',
        };
        request.part(200, `${JSON.stringify({ type: 'done', httpStatus: 409, body: failed })}\n`);
        request.end();
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <ImportKeysDialog onHide={vi.fn()} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const dialog = within(screen.getByRole('dialog'));
    await choose(dialog.getByLabelText('CSV file'), GOOD);
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Check file' })));
    expect(
      await dialog.findByText('Your plan allows 3 keys. Delete a key or upgrade your plan.'),
    ).toBeTruthy();
  });
});
