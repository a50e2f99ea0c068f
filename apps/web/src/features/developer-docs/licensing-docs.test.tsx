import {
  KEY_MANAGER_PATHS,
  KEY_MANAGER_PUBLIC_OPERATIONS,
  type KeyManagerPublicOperation,
  PUBLISHABLE_KEY_OPERATIONS,
  SIGNED_REPLY_HEADERS,
  signedReplyMessage,
  VALIDATION_CODE_NAMES,
  ZActivateKeyRequest,
  ZConvertTrialRequest,
  ZDeactivateKeyRequest,
  ZDeleteKeyRequest,
  ZGetKeyInformationRequest,
  ZHeartbeatRequest,
  ZMarkKeyAsActiveRequest,
  ZRenewKeyRequest,
  ZStartTrialRequest,
  ZSuspendKeyRequest,
  ZUsageRequest,
  ZValidateKeyRequest,
} from '@app/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { OperationSection } from './components/operation-section';
import { SIGNED_REPLY_CURL } from './content/curl-examples';
import { OPERATIONS } from './content/operations';

afterEach(cleanup);

/** checkout-license has the Offline licences tab of its own; every other operation a Keys page. */
type KeysPageOperation = Exclude<KeyManagerPublicOperation, 'checkoutLicense'>;

/** What each page's body is checked against: the schema the server reads it with. */
const REQUEST_SCHEMAS: Record<KeysPageOperation, z.ZodObject> = {
  getKeyInformation: ZGetKeyInformationRequest,
  activateKey: ZActivateKeyRequest,
  deactivateKey: ZDeactivateKeyRequest,
  markKeyAsActive: ZMarkKeyAsActiveRequest,
  deleteKey: ZDeleteKeyRequest,
  heartbeat: ZHeartbeatRequest,
  validateKey: ZValidateKeyRequest,
  startTrial: ZStartTrialRequest,
  convertTrial: ZConvertTrialRequest,
  renewKey: ZRenewKeyRequest,
  suspendKey: ZSuspendKeyRequest,
  getUsage: ZUsageRequest,
};

/** The JSON a curl example sends, with its shell variables as a reader fills them in. */
function curlBody(code: string): Record<string, unknown> {
  const heredoc = /<<JSON\n([\s\S]*?)\nJSON/.exec(code)?.[1];
  if (!heredoc) throw new Error(`no body in ${code}`);
  return JSON.parse(heredoc.replaceAll('$LICENCE_KEY', 'LIC-1').replaceAll('$PRODUCT', 'studio'));
}

function renderOperation(id: string) {
  const operation = OPERATIONS.find((op) => op.id === id);
  if (!operation) throw new Error(`no page ${id}`);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/built-apis/doc/key-manager?tab=keys']}>
        <OperationSection operation={operation} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the REST docs cover every public operation (KEY_MANAGER_PUBLIC_OPERATIONS)', () => {
  it('has one Keys page per operation, at the operation’s path', () => {
    const documented = OPERATIONS.map((op) => op.operation);
    const expected = KEY_MANAGER_PUBLIC_OPERATIONS.filter((op) => op !== 'checkoutLicense');
    expect([...documented].sort()).toEqual([...expected].sort());
    for (const op of OPERATIONS) expect(op.path).toBe(KEY_MANAGER_PATHS[op.operation]);
  });

  it('gives every page a curl example whose body the server accepts, sent with a key type that may call it', () => {
    for (const op of OPERATIONS) {
      const body = curlBody(op.curl.code);
      const schema = REQUEST_SCHEMAS[op.operation as KeysPageOperation];
      // Public bodies accept unknown fields, so a misspelt one would pass the schema unnoticed.
      expect(
        Object.keys(body).filter((field) => !(field in schema.shape)),
        op.id,
      ).toEqual([]);
      expect(schema.safeParse(body).success, `${op.id}: ${JSON.stringify(body)}`).toBe(true);
      const publishable = op.curl.code.includes("API_KEY='km_pub_…'");
      expect(publishable, op.id).toBe(PUBLISHABLE_KEY_OPERATIONS.includes(op.operation));
      expect(op.curl.code).toContain(`"$KEY_MANAGER_URL${op.path}"`);
    }
  });

  it('says on each page which API keys may call it', () => {
    renderOperation('convert-trial');
    expect(screen.getByText(/API key: a secret key \(km_live_…\) only/)).toBeTruthy();
    cleanup();
    renderOperation('start-trial');
    expect(screen.getByText(/API key: a secret key \(km_live_…\) or a publishable key/)).toBeTruthy();
  });
});

describe('validate-key’s page', () => {
  it('lists every answer code, in the order the server checks them', () => {
    const validate = OPERATIONS.find((op) => op.id === 'validate-key');
    const codes = validate?.codes?.map((row) => row.code) ?? [];
    expect([...codes].sort()).toEqual([...VALIDATION_CODE_NAMES].sort());
    // apps/api/.../licensing/validation.ts: the key, its switch, suspension, product, expiry, device, entitlements.
    expect(codes).toEqual([
      'NOT_FOUND',
      'DISABLED',
      'SUSPENDED',
      'PRODUCT_MISMATCH',
      'EXPIRED',
      'TRIAL_EXPIRED',
      'NOT_ACTIVATED',
      'TOO_MANY_DEVICES',
      'ENTITLEMENTS_MISSING',
      'VALID',
    ]);
    renderOperation('validate-key');
    const table = screen.getByRole('table', { name: /^Answers/ });
    expect(within(table).getAllByRole('row')).toHaveLength(codes.length + 1);
  });

  it('explains signed replies with the exact message the server signs, and shows curl, TypeScript and Java', () => {
    renderOperation('validate-key');
    const section = screen.getByRole('region', { name: 'Signed replies' });
    const message = within(section).getByTestId('signed-reply-message').textContent;
    expect(message).toBe(
      signedReplyMessage(
        `<${SIGNED_REPLY_HEADERS.signedAt}>`,
        '<the nonce you sent>',
        '<the path you called>',
        '<the body as received>',
      ),
    );
    for (const header of Object.values(SIGNED_REPLY_HEADERS)) expect(section.textContent).toContain(header);
    expect(section.textContent).toContain('Last-seen-time guard');
    for (const tab of ['TypeScript', 'Java', 'curl']) {
      expect(within(section).getByRole('tab', { name: tab })).toBeTruthy();
    }
    // The curl example builds the same message from its own nonce and path.
    expect(SIGNED_REPLY_CURL.code).toContain(
      'printf \'km-reply-v1\\n%s\\n%s\\n%s\\n\' "$(header x-km-signed-at)" "$NONCE" "$OPERATION"',
    );
  });

  it('is not shown on operations that do not sign', () => {
    renderOperation('renew-key');
    expect(screen.queryByRole('region', { name: 'Signed replies' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'curl' })).toBeTruthy();
  });
});
