import { WEBHOOK_EVENT_TYPES } from '@app/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WebhooksTab } from './components/webhooks-tab';
import { WEBHOOK_EXAMPLES } from './content/webhook-examples';

describe('webhooks docs', () => {
  it('lists every event type the dashboard offers', () => {
    render(
      <MemoryRouter>
        <WebhooksTab />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Events' });
    for (const type of [...WEBHOOK_EVENT_TYPES, 'webhook.test']) {
      expect(within(table).getByText(type)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Key Manager dashboard' }).getAttribute('href')).toBe(
      '/store/key-manager?tab=webhooks',
    );
  });

  it('says a trial-mode server accepts http://127.0.0.1 endpoints', () => {
    render(
      <MemoryRouter>
        <WebhooksTab />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('trial-webhook-endpoints').at(-1)?.textContent).toMatch(
      /trial mode.*http:\/\/127\.0\.0\.1/,
    );
  });

  it('shows the real receivers, which use the libraries’ verifiers', () => {
    expect(WEBHOOK_EXAMPLES.typescript.code).toContain('verifyWebhookSignature(payload, signature, secret)');
    expect(WEBHOOK_EXAMPLES.java.code).toContain('WebhookSignature.verify(body, signature, secret)');
  });
});
