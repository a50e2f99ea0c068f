import { z } from 'zod';
import { LIMITS, zEmail } from './common.js';

/**
 * Email verification (decision 033): sign-up mails a link; opening it proves the address. Paying,
 * creating API keys and inviting members need a proven address (`email_not_verified` otherwise).
 */
export const VERIFICATION_PATHS = {
  /** The signed-in person's address and whether it is verified. */
  status: '/api/v1/user/email-verification',
  /** Mails a new link to the signed-in person (limited per person). */
  resend: '/api/v1/user/email-verification/resend',
  /** Opens a link: public, the token is the proof. */
  verify: '/api/v1/anonymous/email-verification',
  /** Asks to change the address: the new one gets a link; the change happens when it is opened. */
  changeEmail: '/api/v1/user/settings/email',
} as const;

/** The web page a verification mail links to (`?token=`). */
export const VERIFY_EMAIL_PAGE = '/verify-email';

/** Hours a verification link stays good. */
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
/** New links a person may ask for per hour. */
export const EMAIL_VERIFICATION_RESENDS_PER_HOUR = 3;

export const EMAIL_LINK_INVALID_MESSAGE =
  'This verification link is not valid; send a new one from your profile';
export const EMAIL_LINK_EXPIRED_MESSAGE =
  'This verification link has expired; send a new one from your profile';

/** A link's token: 43 base64url characters (32 random bytes). */
export const ZVerificationToken = z
  .string(EMAIL_LINK_INVALID_MESSAGE)
  .regex(/^[A-Za-z0-9_-]{20,100}$/, EMAIL_LINK_INVALID_MESSAGE);

export const ZVerifyEmailRequest = z.strictObject({ token: ZVerificationToken });
export type VerifyEmailRequest = z.input<typeof ZVerifyEmailRequest>;

export const ZVerifyEmailResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  email: z.string(),
  /** The link had already been used: nothing changed (the address stays verified). */
  alreadyVerified: z.boolean(),
});
export type VerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

export const ZEmailVerificationStatusResponse = z.object({
  status: z.literal('ok'),
  email: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
});
export type EmailVerificationStatusResponse = z.infer<typeof ZEmailVerificationStatusResponse>;

export const ZResendVerificationResponse = z.object({ status: z.literal('ok'), message: z.string() });
export type ResendVerificationResponse = z.infer<typeof ZResendVerificationResponse>;

/** Changes of address a person may ask for per hour (each checks the current password). */
export const EMAIL_CHANGES_PER_HOUR = 5;

export const ZChangeEmailRequest = z.strictObject({
  email: zEmail,
  currentPassword: z.string().min(1, 'Current password is required').max(LIMITS.passwordMax),
});
export type ChangeEmailRequest = z.input<typeof ZChangeEmailRequest>;
export const ZChangeEmailResponse = z.object({ status: z.literal('ok'), message: z.string() });
export type ChangeEmailResponse = z.infer<typeof ZChangeEmailResponse>;
