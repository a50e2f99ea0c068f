import {
  lineTotal,
  type ManagedProject,
  type Quote,
  type SaveQuoteRequest,
  ZSaveQuoteRequest,
} from '@app/contract';
import type { z } from 'zod';
import { addDays, today } from '../../../../lib/deal-format';
import { centsInput, parseCents } from '../../../../lib/money';

/**
 * The quote editor's form (decision 035): what the admin types, as text (amounts in the currency's
 * units, "1200" or "49.50"), and its conversion to the contract's request in cents, checked by the
 * contract's own schema so the editor says what the server would.
 */
export interface QuoteFormValues {
  currency: string;
  /** YYYY-MM-DD, or empty for no limit. */
  validUntil: string;
  terms: string;
  /** The recurring part's amount; empty for none. */
  recurring: string;
  term: '' | 'm' | 'y';
  lineItems: { description: string; quantity: string; unitPrice: string }[];
  milestones: { title: string; amount: string; dueDate: string }[];
}

export type QuoteFormField =
  | 'currency'
  | 'validUntil'
  | 'terms'
  | 'recurring'
  | 'term'
  | `lineItems.${number}.${'description' | 'quantity' | 'unitPrice'}`
  | `milestones.${number}.${'title' | 'amount' | 'dueDate'}`;

/** A refusal of the form as a whole list: too few lines, milestones that do not add up. */
export type QuoteListField = 'lineItems' | 'milestones';

export interface QuoteFormIssue {
  field: QuoteFormField | QuoteListField;
  message: string;
}

export type QuoteFormResult =
  | { ok: true; request: z.output<typeof ZSaveQuoteRequest> }
  | { ok: false; issues: QuoteFormIssue[] };

const AMOUNT_HINT = 'such as 1200 or 49.50';
const WHOLE = /^\s*\d+\s*$/;

/** The contract's names for what the form calls otherwise (its amounts are cents, the form's text). */
const API_NAMES: Record<string, string> = { unitAmount: 'unitPrice', recurringPayment: 'recurring' };

/**
 * The form's name for a path of the request (the contract's issue, or the server's `field`:
 * "lineItems.0.unitAmount" → "lineItems.0.unitPrice"); undefined for what the form has no input for.
 */
export function quoteFormField(
  path: readonly PropertyKey[] | string,
): QuoteFormField | QuoteListField | undefined {
  const parts = (typeof path === 'string' ? path.replace(/^body\./, '').split('.') : path.map(String)).map(
    (part) => API_NAMES[part] ?? part,
  );
  const [head, index, leaf] = parts;
  if ((head === 'lineItems' || head === 'milestones') && index === undefined) return head;
  if (
    head === 'lineItems' &&
    /^\d+$/.test(index ?? '') &&
    ['description', 'quantity', 'unitPrice'].includes(leaf ?? '')
  )
    return parts.slice(0, 3).join('.') as QuoteFormField;
  if (
    head === 'milestones' &&
    /^\d+$/.test(index ?? '') &&
    ['title', 'amount', 'dueDate'].includes(leaf ?? '')
  )
    return parts.slice(0, 3).join('.') as QuoteFormField;
  if (parts.length === 1 && ['currency', 'validUntil', 'terms', 'recurring', 'term'].includes(head ?? ''))
    return head as QuoteFormField;
  return undefined;
}

/** The form's values as the save request, or what is wrong with them, field by field. */
export function toSaveQuoteRequest(values: QuoteFormValues, projectID: string): QuoteFormResult {
  const issues: QuoteFormIssue[] = [];
  const lineItems = values.lineItems.map((line, index) => {
    const unitAmount = parseCents(line.unitPrice);
    if (unitAmount === null)
      issues.push({ field: `lineItems.${index}.unitPrice`, message: `Enter a unit price ${AMOUNT_HINT}` });
    if (!WHOLE.test(line.quantity))
      issues.push({ field: `lineItems.${index}.quantity`, message: 'Quantity must be a whole number' });
    return { description: line.description, quantity: Number(line.quantity), unitAmount: unitAmount ?? 0 };
  });
  const milestones = values.milestones.map((milestone, index) => {
    const amount = parseCents(milestone.amount);
    if (amount === null)
      issues.push({ field: `milestones.${index}.amount`, message: `Enter an amount ${AMOUNT_HINT}` });
    return { title: milestone.title, amount: amount ?? 0, dueDate: milestone.dueDate };
  });
  const recurringText = values.recurring.trim();
  const recurringPayment = recurringText === '' ? null : parseCents(recurringText);
  if (recurringText !== '' && recurringPayment === null)
    issues.push({
      field: 'recurring',
      message: `Enter the recurring amount ${AMOUNT_HINT}, or leave it empty`,
    });
  const request: SaveQuoteRequest = {
    projectID,
    lineItems,
    milestones,
    recurringPayment,
    term: values.term === '' ? null : values.term,
    currency: values.currency,
    validUntil: values.validUntil === '' ? null : values.validUntil,
    terms: values.terms,
  };
  const parsed = ZSaveQuoteRequest.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = quoteFormField(issue.path);
      // An amount the form already refused is not refused twice (its 0 stood in for it).
      if (field && !issues.some((known) => known.field === field))
        issues.push({ field, message: issue.message });
    }
  }
  if (issues.length > 0 || !parsed.success) {
    return {
      ok: false,
      issues: issues.length > 0 ? issues : [{ field: 'lineItems', message: 'Check the quote' }],
    };
  }
  return { ok: true, request: parsed.data };
}

/** The one-off total and the milestones' sum of what is typed so far (what does not parse counts 0). */
export function quoteTotals(values: Pick<QuoteFormValues, 'lineItems' | 'milestones'>) {
  const total = values.lineItems.reduce(
    (sum, line) =>
      sum +
      (WHOLE.test(line.quantity)
        ? lineTotal({ quantity: Number(line.quantity), unitAmount: parseCents(line.unitPrice) ?? 0 })
        : 0),
    0,
  );
  const milestones = values.milestones.reduce(
    (sum, milestone) => sum + (parseCents(milestone.amount) ?? 0),
    0,
  );
  return { total, milestones };
}

export const emptyLine = () => ({ description: '', quantity: '1', unitPrice: '' });
export const emptyMilestone = (dueDate = addDays(today(), 30)) => ({ title: '', amount: '', dueDate });

/**
 * Where the editor starts: the newest revision (a draft is edited; a sent, declined or withdrawn one
 * is the base of the next revision), else the project's own price, recurring payment and term.
 */
export function quoteFormDefaults(
  project: Pick<ManagedProject, 'name' | 'totalPayment' | 'recurringPayment' | 'term'>,
  latest: Quote | undefined,
): QuoteFormValues {
  if (latest) {
    return {
      currency: latest.currency.toUpperCase(),
      validUntil: latest.validUntil ?? '',
      terms: latest.terms,
      recurring: latest.recurringPayment ? centsInput(latest.recurringPayment) : '',
      term: latest.term ?? '',
      lineItems: latest.lineItems.map((line) => ({
        description: line.description,
        quantity: String(line.quantity),
        unitPrice: centsInput(line.unitAmount),
      })),
      milestones: latest.milestones.map((milestone) => ({
        title: milestone.title,
        amount: centsInput(milestone.amount),
        dueDate: milestone.dueDate,
      })),
    };
  }
  const price = project.totalPayment ? centsInput(project.totalPayment) : '';
  return {
    currency: 'USD',
    validUntil: addDays(today(), 30),
    terms: '',
    recurring: project.recurringPayment ? centsInput(project.recurringPayment) : '',
    term: project.recurringPayment && (project.term === 'm' || project.term === 'y') ? project.term : '',
    lineItems: [{ description: project.name, quantity: '1', unitPrice: price }],
    milestones: [{ title: 'Delivery', amount: price, dueDate: addDays(today(), 30) }],
  };
}
