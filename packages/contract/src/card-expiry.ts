import { z } from 'zod';

/**
 * A card's expiry as people type it: "12/30", "12 / 30", "12-30", "1230", "12/2030", "1/30".
 * Read as month and year and kept as "MM/YY", the form the sandbox processor and the saved card use.
 * One schema for the card form and the server, so both accept the same typing.
 */
const EXPIRY = /^(\d{1,2})\s*[/\-. ]?\s*(\d{2}|20\d{2})$/;

function normaliseExpiry(value: string): string | null {
  const typed = value.trim();
  // Digits only: MMYY or MMYYYY (a lone month digit would be ambiguous, "130" = 1/30 or 13/0).
  const match = /^\d+$/.test(typed) ? /^(\d{2})(\d{2}|20\d{2})$/.exec(typed) : EXPIRY.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = (match[2] ?? '').slice(-2);
  return `${String(month).padStart(2, '0')}/${year}`;
}

export const zCardExpiry = z.string('Expiry is required').transform((value, context) => {
  const expiry = normaliseExpiry(value);
  if (expiry === null) {
    const message = value.trim() === '' ? 'Expiry is required' : 'Expiry must be MM/YY';
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return expiry;
});
