import type { Invoice, Quote } from '@app/contract';

/** A sent quote as the API answers it (decision 035), for the deals' component tests. */
export function quoteFixture(overrides: Partial<Quote> = {}): Quote {
  return {
    id: '2f1e0d9c-8b7a-4654-8321-0fedcba98765',
    projectID: '7d3f6a2e-4b1c-4e8a-9f00-1a2b3c4d5e6f',
    projectName: 'Shop app',
    client: { id: 'c1', name: 'Ada Client', email: 'ada@example.test' },
    revision: 1,
    status: 'sent',
    currency: 'usd',
    lineItems: [{ description: 'Design and build', quantity: 1, unitAmount: 500000, amount: 500000 }],
    milestones: [
      { title: 'Designs', amount: 200000, dueDate: '2026-12-01' },
      { title: 'Launch', amount: 300000, dueDate: '2027-01-15' },
    ],
    total: 500000,
    recurringPayment: 20000,
    term: 'm',
    validUntil: '2026-12-31',
    expired: false,
    terms: 'Net 14.',
    createdAt: '2026-11-01T10:00:00.000Z',
    sentAt: '2026-11-01T11:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    acceptedName: null,
    declineReason: null,
    pdfSha256: null,
    ...overrides,
  };
}

/** An open invoice of a milestone, as the API answers it. */
export function invoiceFixture(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    number: 'INV-2026-0001',
    projectID: '7d3f6a2e-4b1c-4e8a-9f00-1a2b3c4d5e6f',
    projectName: 'Shop app',
    client: { id: 'c1', name: 'Ada Client', email: 'ada@example.test' },
    milestone: { id: 'm1', title: 'Designs' },
    description: 'Shop app — Designs',
    lineItems: [{ description: 'Designs', quantity: 1, unitAmount: 200000, amount: 200000 }],
    subtotal: 200000,
    taxLabel: 'Tax',
    taxRate: 0,
    tax: 0,
    total: 200000,
    currency: 'usd',
    status: 'open',
    paid: 0,
    refunded: 0,
    balance: 200000,
    issuedAt: '2026-11-02T10:00:00.000Z',
    dueDate: '2026-11-16',
    paidAt: null,
    overdue: false,
    daysOverdue: 0,
    ...overrides,
  };
}
