import {
  API_KEY_SIMULATION_LABELS,
  API_KEY_SIMULATIONS,
  NO_PLAN_MESSAGE,
  PUBLISHABLE_KEY_OPERATIONS,
  SUBSCRIPTION_SUSPENDED_MESSAGE,
} from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthenticationTab } from './components/authentication-tab';
import { OPERATION_NAMES } from './content/operation-names';
import { KeyManagerApiDocsPage } from './pages/key-manager-api-docs-page';

afterEach(cleanup);

function renderAt(url: string, page: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('what a publishable key may do, as the REST docs say it', () => {
  it('lists exactly the operations the server lets a publishable key call (PUBLISHABLE_KEY_OPERATIONS)', () => {
    renderAt('/built-apis/doc/key-manager', <AuthenticationTab />);
    const list = screen.getByRole('list', { name: 'Operations a publishable key may call' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(PUBLISHABLE_KEY_OPERATIONS.length);
    PUBLISHABLE_KEY_OPERATIONS.forEach((operation, index) => {
      expect(items[index]).toContain(OPERATION_NAMES[operation]);
    });
    expect(items).toEqual(expect.arrayContaining(['Heartbeat', 'Check out an offline licence']));
    expect(items.find((item) => item?.startsWith('Activate key'))).toContain('fingerprint');
  });

  it('lists 402 and “Activate a Key Manager plan first” among the failures every call can answer', () => {
    renderAt('/built-apis/doc/key-manager', <AuthenticationTab />);
    const failures = screen.getByRole('table', { name: /^Failures/ });
    const rows = within(failures)
      .getAllByRole('row')
      .map((row) => row.textContent ?? '');
    expect(rows.some((row) => row.startsWith('402') && row.includes(SUBSCRIPTION_SUSPENDED_MESSAGE))).toBe(
      true,
    );
    expect(rows.some((row) => row.startsWith('403') && row.includes(NO_PLAN_MESSAGE))).toBe(true);
  });

  it('sends the developer to the sandbox to see those failures happen', () => {
    renderAt('/built-apis/doc/key-manager', <AuthenticationTab />);
    const sandbox = screen.getByTestId('api-sandbox-docs');
    expect(within(sandbox).getByRole('link', { name: 'API tab' }).getAttribute('href')).toBe(
      '/store/key-manager?tab=api',
    );
    for (const state of API_KEY_SIMULATIONS) {
      expect(sandbox.textContent).toContain(API_KEY_SIMULATION_LABELS[state]);
    }
  });
});

describe('the Keys menu', () => {
  it('keeps the spec’s page names and addresses and gives the plain name beside them', () => {
    renderAt('/built-apis/doc/key-manager?tab=keys&op=update-activation-count', <KeyManagerApiDocsPage />);
    const menu = screen.getByRole('navigation', { name: 'Keys operations' });
    const activate = within(menu).getByRole('link', { name: 'Update activation count (Activate key)' });
    expect(activate.getAttribute('href')).toBe('?tab=keys&op=update-activation-count');
    const usable = within(menu).getByRole('link', { name: 'Mark key as usable (Enable or disable key)' });
    expect(usable.getAttribute('href')).toBe('?tab=keys&op=mark-key-as-usable');
    expect(
      screen.getByRole('heading', { level: 2, name: 'Update activation count (Activate key)' }),
    ).toBeTruthy();
  });
});
