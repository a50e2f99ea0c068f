import { z } from 'zod';
import { ZResetPasswordStep1, ZResetPasswordStep2, ZSigninResponse } from './accounts.js';
import { LIMITS, zEmail, zPassword } from './common.js';
import { ZAccountRole } from './teams.js';

/**
 * Two-factor sign-in (decision 033, amendment): an authenticator app (TOTP) with one-time recovery
 * codes, and passkeys (WebAuthn). A correct password of a person with a second factor answers a
 * `secondFactor` step instead of tokens; the second call with the step's challenge and a proof
 * issues them. The security-question reset asks for the same proof.
 */
export const TWO_FACTOR_PATHS = {
  /** The second call of a sign-in (clients, staff, admins) whose password was right. */
  secondFactor: '/api/v1/user/authenticate/second-factor',
  security: '/api/v1/user/security',
  totpSetup: '/api/v1/user/security/totp/setup',
  totpConfirm: '/api/v1/user/security/totp/confirm',
  totpDisable: '/api/v1/user/security/totp/disable',
  recoveryCodes: '/api/v1/user/security/recovery-codes',
  passkeyOptions: '/api/v1/user/security/passkeys/options',
  passkeys: '/api/v1/user/security/passkeys',
  passkey: '/api/v1/user/security/passkeys/:id',
  accountPolicy: '/api/v1/account/two-factor-policy',
} as const;

export const passkeyPath = (id: string) => TWO_FACTOR_PATHS.passkey.replace(':id', encodeURIComponent(id));

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** How many recovery codes a set has, and how long a sign-in's second step stays open. */
export const RECOVERY_CODE_COUNT = 10;
export const SECOND_FACTOR_TTL_SECONDS = 5 * 60;
/** Wrong proofs one challenge takes before it is spent (sign in again for a new one). */
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;

/** Staff and admins without a second factor where the company requires one (STAFF_TWO_FACTOR). */
export const STAFF_TWO_FACTOR_REQUIRED_MESSAGE =
  'The company requires two-factor sign-in for staff and admins; set up an authenticator app or a passkey under Security first';

export const SECOND_FACTOR_INVALID_MESSAGE =
  'That code is not right; check your authenticator app and try again';
export const SECOND_FACTOR_EXPIRED_MESSAGE =
  'This sign-in step has expired or was used up; start again with your password';

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'Expected a base64url value');

const ZTransport = z.string().max(40);
const ZAttachment = z.enum(['platform', 'cross-platform']);
const ZUserVerification = z.enum(['required', 'preferred', 'discouraged']);
const ZExtensionOutputs = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});
const ZCredentialDescriptor = z.object({
  id: base64url(1024),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** What the browser's `navigator.credentials.get()` gave, as @simplewebauthn/browser encodes it. */
export const ZPasskeyAssertion = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: ZAttachment.optional(),
  clientExtensionResults: ZExtensionOutputs,
});
export type PasskeyAssertion = z.infer<typeof ZPasskeyAssertion>;

/** What `navigator.credentials.create()` gave, as @simplewebauthn/browser encodes it. */
export const ZPasskeyAttestation = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(16384),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(ZTransport).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: ZAttachment.optional(),
  clientExtensionResults: ZExtensionOutputs,
});
export type PasskeyAttestation = z.infer<typeof ZPasskeyAttestation>;

/** Options for `navigator.credentials.get()` (PublicKeyCredentialRequestOptionsJSON). */
export const ZPasskeyRequestOptions = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  userVerification: ZUserVerification.optional(),
});
export type PasskeyRequestOptions = z.infer<typeof ZPasskeyRequestOptions>;

/** Options for `navigator.credentials.create()` (PublicKeyCredentialCreationOptionsJSON). */
export const ZPasskeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: ZAttachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: ZUserVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof ZPasskeyCreationOptions>;

/** The step a correct password of a person with a second factor gets instead of tokens. */
export const ZSecondFactorStep = z.object({
  /** Opaque, one use, good for SECOND_FACTOR_TTL_SECONDS. */
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  /** Present when the person has passkeys: hand them to the browser as they are. */
  passkeyOptions: ZPasskeyRequestOptions.optional(),
});
export type SecondFactorStep = z.infer<typeof ZSecondFactorStep>;

export const ZSecondFactorStepResponse = z.object({
  status: z.literal('ok'),
  secondFactor: ZSecondFactorStep,
  message: z.string(),
});
export type SecondFactorStepResponse = z.infer<typeof ZSecondFactorStepResponse>;

/** Sign-in and the admin login: tokens, or (with a second factor) the step that leads to them. */
export const ZSigninOutcome = z.union([ZSigninResponse, ZSecondFactorStepResponse]);
export type SigninOutcome = z.infer<typeof ZSigninOutcome>;
export const needsSecondFactor = (reply: SigninOutcome): reply is SecondFactorStepResponse =>
  'secondFactor' in reply;

const zChallenge = z.string().trim().min(1, 'The sign-in step is missing; start again').max(200);
export const zTotpCode = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));
export const zRecoveryCode = z
  .string()
  .trim()
  .max(40)
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Enter one of your recovery codes (10 letters and digits)'));

/** A proof of the second factor: a code from the app, a recovery code, or a passkey's assertion. */
export const ZSecondFactorProof = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('totp'), code: zTotpCode }),
  z.strictObject({ method: z.literal('recovery'), code: zRecoveryCode }),
  z.strictObject({ method: z.literal('passkey'), assertion: ZPasskeyAssertion }),
]);
export type SecondFactorProof = z.input<typeof ZSecondFactorProof>;

export const ZSecondFactorRequest = z.strictObject({
  challenge: zChallenge,
  proof: ZSecondFactorProof,
});
export type SecondFactorRequest = z.input<typeof ZSecondFactorRequest>;
/** The same reply as the sign-in that led here (the admin login's has the same fields). */
export const ZSecondFactorResponse = ZSigninResponse;

/**
 * The reset's step 2 for a person with a second factor: the spec's fields, plus the challenge its
 * first answer gave and a proof. Without a second factor the spec's step 2 is unchanged.
 */
export const ZResetPasswordStep2WithFactor = z
  .strictObject({
    answer: z.string().trim().min(1, 'Security question answer is required').max(LIMITS.answerMax),
    email: zEmail,
    password1: zPassword,
    password2: z.string().max(LIMITS.passwordMax),
    secondFactor: z.strictObject({ challenge: zChallenge, proof: ZSecondFactorProof }),
  })
  .refine((body) => body.password1 === body.password2, {
    message: 'Passwords do not match',
    path: ['password2'],
  });
/** The reset call: step 1, step 2, or step 2 with its second factor. */
export const ZResetPasswordFlowRequest = z.union([
  ZResetPasswordStep1,
  ZResetPasswordStep2,
  ZResetPasswordStep2WithFactor,
]);
export type ResetPasswordFlowRequest = z.input<typeof ZResetPasswordFlowRequest>;
export const ZResetPasswordFlowResponse = z.object({
  status: z.literal('ok'),
  emailValidation: z.literal('pass').optional(),
  question: z.string().optional(),
  message: z.string().optional(),
  /** Step 2's answer was right, but the person has a second factor: send step 2 again with a proof. */
  secondFactor: ZSecondFactorStep.optional(),
});
export type ResetPasswordFlowResponse = z.infer<typeof ZResetPasswordFlowResponse>;

// --- Enrolment: Profile → Security -------------------------------------------------------------

export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof ZPasskey>;

export const ZSecurityStatus = z.object({
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeys: z.array(ZPasskey),
  /** The company requires a second factor of this person (staff and admins, STAFF_TWO_FACTOR). */
  requiredBySite: z.boolean(),
  /** The account the session acts for; owners and admins may require a second factor of members. */
  account: z.object({ id: z.string(), role: ZAccountRole, requiresTwoFactor: z.boolean() }).nullable(),
});
export type SecurityStatus = z.infer<typeof ZSecurityStatus>;
export const ZSecurityStatusResponse = z.object({ status: z.literal('ok'), security: ZSecurityStatus });
export type SecurityStatusResponse = z.infer<typeof ZSecurityStatusResponse>;

export const ZTotpSetupResponse = z.object({
  status: z.literal('ok'),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG data URL of the otpauth URL's QR code. */
  qrCode: z.string(),
});
export type TotpSetupResponse = z.infer<typeof ZTotpSetupResponse>;

export const ZTotpConfirmRequest = z.strictObject({ code: zTotpCode });
export type TotpConfirmRequest = z.input<typeof ZTotpConfirmRequest>;

export const ZRecoveryCodesResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof ZRecoveryCodesResponse>;

const zCurrentPassword = z.string().min(1, 'Current password is required').max(LIMITS.passwordMax);

/** Turning the app off takes the current password or a code from the app. */
export const ZTotpDisableRequest = z.union(
  [z.strictObject({ password: zCurrentPassword }), z.strictObject({ code: zTotpCode })],
  'Enter your current password or a code from your authenticator app',
);
export type TotpDisableRequest = z.input<typeof ZTotpDisableRequest>;

export const ZRegenerateRecoveryCodesRequest = z.strictObject({ password: zCurrentPassword });
export type RegenerateRecoveryCodesRequest = z.input<typeof ZRegenerateRecoveryCodesRequest>;

export const ZPasskeyOptionsResponse = z.object({
  status: z.literal('ok'),
  options: ZPasskeyCreationOptions,
});

const zPasskeyName = z
  .string()
  .trim()
  .min(1, 'Name the passkey (for example "Laptop")')
  .max(60, 'Passkey name must be at most 60 characters');

export const ZAddPasskeyRequest = z.strictObject({ name: zPasskeyName, attestation: ZPasskeyAttestation });
export type AddPasskeyRequest = z.input<typeof ZAddPasskeyRequest>;
export const ZRenamePasskeyRequest = z.strictObject({ name: zPasskeyName });
export type RenamePasskeyRequest = z.input<typeof ZRenamePasskeyRequest>;
export const ZPasskeyParams = z.strictObject({ id: z.uuid('Unknown passkey') });
export const ZPasskeyResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  passkey: ZPasskey,
  /** A first second factor comes with recovery codes (shown once); empty otherwise. */
  recoveryCodes: z.array(z.string()),
});

export const ZTwoFactorPolicyRequest = z.strictObject({ required: z.boolean() });
export type TwoFactorPolicyRequest = z.input<typeof ZTwoFactorPolicyRequest>;
export const ZTwoFactorPolicyResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  required: z.boolean(),
});
