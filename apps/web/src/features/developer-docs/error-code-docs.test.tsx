import { ERROR_CODES, isErrorCode, KEY_MANAGER_ERRORS } from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationTab } from './components/authentication-tab';
import { OperationSection } from './components/operation-section';
import { COMMON_ERRORS, OPERATIONS } from './content/operations';

afterEach(cleanup);

function renderPage(page: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/built-apis/doc/key-manager']}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Each failure row as shown: [HTTP, code, message]. */
function failureRows(): string[][] {
  const table = screen.getByRole('table', { name: /^Failures/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent ?? ''),
    );
}

// Decision 031: programs match `code`, so every failure the REST docs list shows the code the
// server sends, and that code's status.
describe('the REST docs’ failure tables', () => {
  it('show the code of every failure every call can answer, with the code’s status', () => {
    renderPage(<AuthenticationTab />);
    const rows = failureRows();
    expect(rows).toHaveLength(COMMON_ERRORS.length);
    for (const [status, code, message] of rows) {
      expect(isErrorCode(code), `${code} is an error code`).toBe(true);
      if (isErrorCode(code)) expect(String(ERROR_CODES[code])).toBe(status);
      expect(message).not.toBe('');
    }
    expect(rows).toContainEqual(['401', 'api_key_required', KEY_MANAGER_ERRORS.apiKeyRequired.message]);
  });

  it('show each operation’s refusals with the codes the server sends for them', () => {
    for (const operation of OPERATIONS) {
      renderPage(<OperationSection operation={operation} />);
      const rows = failureRows();
      expect(rows.map(([, code]) => code)).toEqual(operation.errors.map((error) => error.code));
      for (const [status, code] of rows) {
        if (isErrorCode(code)) expect(String(ERROR_CODES[code])).toBe(status);
      }
      cleanup();
    }
    const activate = OPERATIONS.find((operation) => operation.id === 'update-activation-count');
    expect(activate?.errors.map((error) => error.code)).toEqual([
      'activation_limit_reached',
      'key_disabled',
      'key_suspended',
      'key_expired',
      'trial_expired',
      'key_not_found',
    ]);
  });
});
