import { describe, expect, it } from 'vitest';
import { type QuoteFormValues, quoteFormField, quoteTotals, toSaveQuoteRequest } from './quote-form';

const PROJECT = '7d3f6a2e-4b1c-4e8a-9f00-1a2b3c4d5e6f';

const values = (overrides: Partial<QuoteFormValues> = {}): QuoteFormValues => ({
  currency: 'USD',
  validUntil: '2026-12-31',
  terms: 'Half up front.',
  recurring: '',
  term: '',
  lineItems: [
    { description: 'Design', quantity: '2', unitPrice: '1,200.50' },
    { description: 'Build', quantity: '1', unitPrice: '599' },
  ],
  milestones: [
    { title: 'Designs approved', amount: '1500', dueDate: '2026-12-01' },
    { title: 'Launch', amount: '1500.00', dueDate: '2027-01-15' },
  ],
  ...overrides,
});

describe('the quote editor’s form', () => {
  it('sends amounts typed in the currency’s units as cents, with empty optional parts as null', () => {
    const result = toSaveQuoteRequest(values(), PROJECT);
    expect(result).toEqual({
      ok: true,
      request: {
        projectID: PROJECT,
        lineItems: [
          { description: 'Design', quantity: 2, unitAmount: 120050 },
          { description: 'Build', quantity: 1, unitAmount: 59900 },
        ],
        milestones: [
          { title: 'Designs approved', amount: 150000, dueDate: '2026-12-01' },
          { title: 'Launch', amount: 150000, dueDate: '2027-01-15' },
        ],
        recurringPayment: null,
        term: null,
        currency: 'usd',
        validUntil: '2026-12-31',
        terms: 'Half up front.',
      },
    });
  });

  it('refuses milestones that do not add up to the total, in the contract’s words', () => {
    const result = toSaveQuoteRequest(
      values({ milestones: [{ title: 'All', amount: '100', dueDate: '2026-12-01' }] }),
      PROJECT,
    );
    expect(result).toEqual({
      ok: false,
      issues: [{ field: 'milestones', message: 'The milestones must add up to the quote’s total' }],
    });
  });

  it('puts each refusal on its input: a price that is not an amount, an empty description', () => {
    const result = toSaveQuoteRequest(
      values({
        lineItems: [
          { description: '', quantity: '1', unitPrice: '12.345' },
          { description: 'Build', quantity: 'two', unitPrice: '5' },
        ],
      }),
      PROJECT,
    );
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issues).toContainEqual({
      field: 'lineItems.0.unitPrice',
      message: 'Enter a unit price such as 1200 or 49.50',
    });
    expect(issues).toContainEqual({
      field: 'lineItems.1.quantity',
      message: 'Quantity must be a whole number',
    });
    expect(issues).toContainEqual({
      field: 'lineItems.0.description',
      message: 'Each line needs a description',
    });
    // Each input is refused once, by the form's own words where it has them.
    expect(issues.filter((issue) => issue.field === 'lineItems.0.unitPrice')).toHaveLength(1);
  });

  it('wants a term with a recurring payment', () => {
    const result = toSaveQuoteRequest(values({ recurring: '200' }), PROJECT);
    expect(result).toEqual({
      ok: false,
      issues: [
        { field: 'term', message: 'A recurring payment needs a term, and a term needs a recurring payment' },
      ],
    });
    const monthly = toSaveQuoteRequest(values({ recurring: '200', term: 'm' }), PROJECT);
    expect(monthly.ok && monthly.request.recurringPayment).toBe(20000);
  });

  it('names the server’s fields as the form’s inputs', () => {
    expect(quoteFormField('lineItems.1.unitAmount')).toBe('lineItems.1.unitPrice');
    expect(quoteFormField('milestones.0.dueDate')).toBe('milestones.0.dueDate');
    expect(quoteFormField('recurringPayment')).toBe('recurring');
    expect(quoteFormField('milestones')).toBe('milestones');
    expect(quoteFormField('projectID')).toBeUndefined();
  });

  it('totals what is typed so far, counting what does not parse as nothing', () => {
    expect(quoteTotals(values())).toEqual({ total: 300000, milestones: 300000 });
    expect(
      quoteTotals({
        lineItems: [{ description: 'x', quantity: '3', unitPrice: '10' }],
        milestones: [{ title: 'y', amount: 'abc', dueDate: '' }],
      }),
    ).toEqual({ total: 3000, milestones: 0 });
  });
});
