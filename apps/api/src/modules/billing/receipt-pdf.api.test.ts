import {
  BILLING_PATHS,
  RECEIPT_NOT_FOUND_MESSAGE,
  REFUND_PATHS,
  type Receipt,
  type ReceiptsGetResponse,
  receiptPdfPath,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signupClient, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { pdfText } from '../../test/pdf-text.js';
import { startSibling } from '../../test/sibling-server.js';
import { newDeveloper } from '../key-manager/key-manager-kit.test.js';
import { billingKit, SANDBOX_SECRET } from './billing-kit.test.js';

let server: TestServer;
let kit: ReturnType<typeof billingKit>;
let admin: TestAccount;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      PUBLIC_URL: 'https://site.example',
      COMPANY_NAME: 'Acme Studio Ltd',
      COMPANY_ADDRESS: '221B Baker Street | London NW1 6XE | United Kingdom',
      COMPANY_TAX_ID: 'GB123456789',
    },
  });
  kit = billingKit(server);
  admin = await createAccount(server, 'admin');
});
afterAll(async () => server?.close());

async function downloadPdf(baseUrl: string, id: number, token?: string) {
  const response = await fetch(`${baseUrl}${receiptPdfPath(id)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

async function receiptsOf(token: string, baseUrl = server.baseUrl): Promise<Receipt[]> {
  const response = await billingKit({ ...server, baseUrl }).request<ReceiptsGetResponse>(
    BILLING_PATHS.receiptsGet,
    { token },
  );
  expect(response.status).toBe(200);
  return response.body.receipts;
}

describe('receipt PDF', () => {
  it('downloads as a PDF with every receipt field, the seller from configuration and its number', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const { paymentID } = await kit.startCheckout(dev.token, dev.productId, pro.id);
    expect((await kit.pay(dev.token, paymentID)).status).toBe(200);
    const [receipt] = await receiptsOf(dev.token);
    if (!receipt) throw new Error('no receipt');
    expect(receipt.number).toBeGreaterThan(1000);

    const { response, body } = await downloadPdf(server.baseUrl, receipt.id, dev.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const number = `R-${String(receipt.number).padStart(6, '0')}`;
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${number}.pdf"`);
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(body);
    for (const expected of [
      'Acme Studio Ltd',
      '221B Baker Street',
      'London NW1 6XE',
      'United Kingdom',
      'Tax ID: GB123456789',
      `Receipt number: ${number}`,
      'Ada Lovelace',
      dev.email,
      '+44 20 0000 0000',
      '12 St James Square',
      'London',
      'GB',
      'Card (sandbox) •••• 4242',
      'Key Manager — Pro (monthly)',
      receipt.duration,
      'paid — Payment received',
    ]) {
      expect(text).toContain(expected);
    }
    // The order by what was bought and a short reference, not the payment's UUID.
    expect(text).toMatch(
      new RegExp(`Order\\s+Key Manager — Pro \\(monthly\\) · ref\\. ${paymentID.slice(0, 8).toUpperCase()}`),
    );
    expect(text).not.toContain(paymentID);
    // Money as everywhere on the site: "$29.00", no "(USD)" or "29.00 USD".
    expect(text).toMatch(new RegExp(`Amount paid\\s+\\$${(pro.price / 100).toFixed(2).replace('.', '\\.')}`));
    expect(text).not.toMatch(/USD/);
    expect(text).toMatch(/Date: \d{1,2} \w+ \d{4}/);

    // The mail sent after the payment links to it.
    const [mail] = (await mailsTo(server, dev.email)).filter((m) => m.subject.startsWith('Receipt for'));
    expect(mail?.text).toContain(`Receipt number: ${number}`);
    expect(mail?.text).toContain(
      `Download this receipt as a PDF: https://site.example/profile?tab=payment-history&receipt=${receipt.id}`,
    );
  });

  it('after a partial refund the PDF shows what went back', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    const { paymentID } = await kit.startCheckout(dev.token, dev.productId, pro.id);
    await kit.pay(dev.token, paymentID);
    const refund = await kit.request(REFUND_PATHS.adminRefund, {
      body: { paymentID, amount: 250 },
      token: admin.access,
    });
    expect(refund.status).toBe(200);
    const [receipt] = await receiptsOf(dev.token);
    if (!receipt) throw new Error('no receipt');
    const text = await pdfText((await downloadPdf(server.baseUrl, receipt.id, dev.token)).body);
    expect(text).toContain('partially refunded');
    expect(text).toMatch(/Refunded\s+\$2\.50/);
    expect(text).toMatch(new RegExp(`Net amount\\s+\\$${((pro.price - 250) / 100).toFixed(2)}`));
  });

  it('only its owner or an admin can download it', async () => {
    const dev = await newDeveloper(server, { plan: 'none' });
    const pro = await kit.planNamed(dev.token, dev.productId, 'Pro');
    await kit.pay(dev.token, (await kit.startCheckout(dev.token, dev.productId, pro.id)).paymentID);
    const [receipt] = await receiptsOf(dev.token);
    if (!receipt) throw new Error('no receipt');
    const stranger = await signupClient(server);
    const refused = await downloadPdf(server.baseUrl, receipt.id, stranger.access);
    expect(refused.response.status).toBe(404);
    expect(JSON.parse(refused.body.toString())).toEqual({
      status: 'failed',
      code: 'not_found',
      message: RECEIPT_NOT_FOUND_MESSAGE,
    });
    expect((await downloadPdf(server.baseUrl, receipt.id)).response.status).toBe(401);
    const asAdmin = await downloadPdf(server.baseUrl, receipt.id, admin.access);
    expect(asAdmin.response.status).toBe(200);
    expect(await pdfText(asAdmin.body)).toContain(dev.email);
    const junk = await fetch(`${server.baseUrl}/api/v1/user/payment-receipts/abc/pdf`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(junk.status).toBe(400);
  });

  it('receipt numbers never repeat, also when two instances on one database take payments at once', async () => {
    const sibling = await startSibling(server, { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET });
    try {
      const buyers = await Promise.all([0, 1, 2, 3].map(() => newDeveloper(server, { plan: 'none' })));
      await Promise.all(
        buyers.map(async (dev, index) => {
          const baseUrl = index % 2 === 0 ? server.baseUrl : sibling.baseUrl;
          const siteKit = billingKit({ ...server, baseUrl });
          // Each instance signs its own access tokens.
          const token = index % 2 === 0 ? dev.token : await siteKit.signIn(dev.email);
          const pro = await siteKit.planNamed(token, dev.productId, 'Pro');
          const { paymentID } = await siteKit.startCheckout(token, dev.productId, pro.id);
          expect((await siteKit.pay(token, paymentID)).status).toBe(200);
        }),
      );
      const numbers = (await Promise.all(buyers.map((dev) => receiptsOf(dev.token))))
        .flat()
        .map((r) => r.number);
      expect(numbers).toHaveLength(4);
      expect(new Set(numbers).size).toBe(4);
    } finally {
      await sibling.close();
    }
  });
});
