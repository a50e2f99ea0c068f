import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, humaniseFieldName, issueField } from './index.js';

const firstIssue = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  const [issue] = result.error.issues;
  if (!issue) throw new Error('no issue');
  return { message: issue.message, field: issueField(issue) };
};

describe('field labels', () => {
  it.each([
    ['maxActivations', 'Max activations'],
    ['max_activations', 'Max activations'],
    ['paymentID', 'Payment ID'],
    ['callsPerMinute', 'Calls per minute'],
    ['order_', 'Order'],
    ['is_active', 'Active'],
    ['apiURL', 'API URL'],
  ])('%s reads as "%s"', (name, label) => {
    expect(humaniseFieldName(name)).toBe(label);
  });

  it('uses the last named segment of a path', () => {
    expect(fieldLabel(['data', 'email'])).toBe('Email');
    expect(fieldLabel(['removeImages', 2])).toBe('Remove images');
    expect(fieldLabel([])).toBe('This value');
  });
});

describe('generated sentences (schemas without their own message)', () => {
  const body = z.strictObject({
    maxActivations: z.number().int().min(0).max(1000),
    name: z.string().trim().min(1).max(5),
    tags: z.array(z.string()).min(1),
    term: z.enum(['m', 'y']),
    link: z.url().optional(),
    data: z.strictObject({ email: z.email() }).optional(),
  });
  const valid = { maxActivations: 1, name: 'a', tags: ['x'], term: 'm' };

  it.each([
    [{ ...valid, maxActivations: -1 }, 'Max activations must be 0 or more', 'maxActivations'],
    [{ ...valid, maxActivations: 1001 }, 'Max activations must be 1000 or less', 'maxActivations'],
    [{ ...valid, maxActivations: 1.5 }, 'Max activations must be a whole number', 'maxActivations'],
    [{ ...valid, maxActivations: '3' }, 'Max activations must be a number', 'maxActivations'],
    [{ ...valid, maxActivations: undefined }, 'Max activations is required', 'maxActivations'],
    [{ ...valid, name: ' ' }, 'Name is required', 'name'],
    [{ ...valid, name: 'abcdef' }, 'Name must be at most 5 characters', 'name'],
    [{ ...valid, tags: [] }, 'Tags must have at least 1 item', 'tags'],
    [{ ...valid, term: 'w' }, 'Term must be m or y', 'term'],
    [{ ...valid, link: 'not a link' }, 'Link must be a valid web address', 'link'],
    [{ ...valid, data: { email: 'nope' } }, 'Enter a valid email address', 'data.email'],
    [{ ...valid, owner: 'x' }, 'The field "owner" is not accepted here', 'owner'],
    [
      { ...valid, data: { email: 'a@b.co', x: 1, y: 2 } },
      'The fields "x" and "y" are not accepted here',
      'data.x',
    ],
  ])('%o → "%s"', (value, message, field) => {
    expect(firstIssue(body, value)).toEqual({ message, field });
  });

  it('keeps a schema’s own message', () => {
    expect(
      firstIssue(z.object({ code: z.string().min(6, 'Enter the 6-digit code') }), { code: '1' }),
    ).toEqual({
      message: 'Enter the 6-digit code',
      field: 'code',
    });
  });
});
