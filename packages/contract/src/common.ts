import { z } from 'zod';
import { ERROR_CODE_NAMES } from './error-codes.js';
import { stripInvisibleCharacters } from './text-hygiene.js';

/**
 * Every failed call answers with this envelope and a 4xx code (see docs/api.md). `code` is one of
 * `ERROR_CODES` (decision 031), for programs; `message` is a sentence for people; `field` names the
 * input it is about, for developers ("data.email").
 */
export const ZFailedResponse = z.object({
  status: z.literal('failed'),
  code: z.enum(ERROR_CODE_NAMES).meta({
    description:
      'What went wrong, for programs: one of a closed list, each with one HTTP status (docs/api.md).',
  }),
  message: z.string(),
  field: z.string().optional(),
});
export type FailedResponse = z.infer<typeof ZFailedResponse>;

/** A success reply with no fields besides the status. */
export const ZOkResponse = z.object({ status: z.literal('ok'), message: z.string().optional() });
export type OkResponse = z.infer<typeof ZOkResponse>;

/** Shared field rules, so the server and the forms agree on limits. */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 254,
  questionMax: 200,
  answerMax: 200,
} as const;

export const zEmail = z
  .string()
  .trim()
  .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase());

export const zPassword = z
  .string()
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const zName = (label: string) =>
  z
    .string()
    .overwrite(stripInvisibleCharacters)
    .trim()
    .min(1, `${label} is required`)
    .max(LIMITS.nameMax, `${label} must be at most ${LIMITS.nameMax} characters`);
