import { z } from 'zod';
import { LIMITS, zEmail, zName, zPassword } from './common.js';
import { stripInvisibleCharacters } from './text-hygiene.js';
import { ZUserType } from './users.js';

export const ACCOUNT_PATHS = {
  signup: '/api/v1/user/authenticate/signup',
  signin: '/api/v1/user/authenticate/signin',
  resetPassword: '/api/v1/user/authenticate/reset_password',
  refresh: '/api/v1/user/authenticate/refresh',
  logout: '/api/v1/user/authenticate/logout',
  adminAuthenticate: '/api/v1/admin/authenticate',
  userInformationGet: '/api/v1/user/information/get',
  userInformationPost: '/api/v1/users/information',
  settings: '/api/v1/user/settings',
  settingsName: '/api/v1/user/settings/name',
  settingsPassword: '/api/v1/user/settings/password',
  settingsSecurityQuestion: '/api/v1/user/settings/security-question',
} as const;

const zQuestion = z
  .string()
  .trim()
  .min(1, 'Security question is required')
  .max(LIMITS.questionMax, `Security question must be at most ${LIMITS.questionMax} characters`);
const zAnswer = z
  .string()
  .trim()
  .min(1, 'Security question answer is required')
  .max(LIMITS.answerMax, `Security question answer must be at most ${LIMITS.answerMax} characters`);

/** docs/product-contract.md §Entities (Signup payload). `username` is first and last name joined. */
export const ZSignupData = z.strictObject({
  firstName: zName('First name'),
  lastName: zName('Last name'),
  email: zEmail,
  password: zPassword,
  confirmationPassword: z.string().max(LIMITS.passwordMax),
  rememberMe: z.boolean().default(false),
  agree: z.literal(true, 'You must agree to the terms and conditions'),
  securityQuestion: zQuestion,
  securityQuestionAnswer: zAnswer,
});

export const ZSignupRequest = z
  .strictObject({
    username: z
      .string()
      .overwrite(stripInvisibleCharacters)
      .trim()
      .min(1, 'Username is required')
      .max(LIMITS.nameMax * 2 + 1, `Username must be at most ${LIMITS.nameMax * 2 + 1} characters`),
    password: zPassword,
    data: ZSignupData,
  })
  .refine((body) => body.data.password === body.data.confirmationPassword, {
    message: 'Passwords do not match',
    path: ['data', 'confirmationPassword'],
  })
  .refine((body) => body.password === body.data.password, {
    message: 'Passwords do not match',
    path: ['password'],
  });
export type SignupRequest = z.input<typeof ZSignupRequest>;

export const ZTokenPair = z.object({ access: z.string(), refresh: z.string() });

export const ZSignupResponse = z.object({
  status: z.literal('ok'),
  access: z.string(),
  refresh: z.string(),
  user_type: ZUserType,
});
export type SignupResponse = z.infer<typeof ZSignupResponse>;

export const ZSigninRequest = z.strictObject({
  email: zEmail,
  password: z.string().min(1, 'Password is required').max(LIMITS.passwordMax),
  rememberMe: z.boolean().default(false),
});
export type SigninRequest = z.input<typeof ZSigninRequest>;

export const ZSigninResponse = z.object({
  status: z.literal('ok'),
  access: z.string(),
  refresh: z.string(),
  user_type: ZUserType,
  message: z.string(),
});
export type SigninResponse = z.infer<typeof ZSigninResponse>;

/**
 * docs/product-contract.md §Calls: step 1 `{emailValidation: true, email}`; step 2 `{answer, email,
 * password1, password2}`.
 */
export const ZResetPasswordStep1 = z.strictObject({ emailValidation: z.literal(true), email: zEmail });
export const ZResetPasswordStep2 = z
  .strictObject({ answer: zAnswer, email: zEmail, password1: zPassword, password2: z.string().max(128) })
  .refine((body) => body.password1 === body.password2, {
    message: 'Passwords do not match',
    path: ['password2'],
  });
export const ZResetPasswordRequest = z.union([ZResetPasswordStep1, ZResetPasswordStep2]);
export type ResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export const ZResetPasswordResponse = z.object({
  status: z.literal('ok'),
  emailValidation: z.literal('pass').optional(),
  question: z.string().optional(),
  message: z.string().optional(),
});
export type ResetPasswordResponse = z.infer<typeof ZResetPasswordResponse>;

export const ZRefreshRequest = z.strictObject({ refresh: z.string().min(1).max(512) });
export const ZRefreshResponse = z.object({
  status: z.literal('ok'),
  access: z.string(),
  refresh: z.string(),
});
export type RefreshResponse = z.infer<typeof ZRefreshResponse>;

export const ZLogoutRequest = z.strictObject({ refresh: z.string().min(1).max(512) });

export const ZAdminAuthenticateRequest = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(LIMITS.nameMax),
  email: zEmail,
  password: z.string().min(1, 'Password is required').max(LIMITS.passwordMax),
});
export type AdminAuthenticateRequest = z.input<typeof ZAdminAuthenticateRequest>;
export const ZAdminAuthenticateResponse = z.object({
  status: z.literal('ok'),
  access: z.string(),
  refresh: z.string(),
  user_type: ZUserType,
  message: z.string(),
});

/** docs/product-contract.md §Entities (User info). Counts come from real queries. */
export const ZUserInformation = z.object({
  hasBusinessAccount: z.boolean(),
  /** Extension: the user answers customer-service chats (admins, and staff the admin marked). */
  customerService: z.boolean(),
  userType: ZUserType,
  accountInformation: z.object({
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
  }),
  orderInformation: z.object({ completedOrders: z.number().int(), maxOrders: z.number().int() }),
  projectInformation: z.object({ completedProjects: z.number().int(), maxProjects: z.number().int() }),
});
export type UserInformation = z.infer<typeof ZUserInformation>;
export const ZUserInformationResponse = z.object({
  status: z.literal('ok'),
  userInformation: ZUserInformation,
});
export type UserInformationResponse = z.infer<typeof ZUserInformationResponse>;

/** Settings tab of /profile (not shown in the spec; see docs/api.md). */
export const ZSettingsResponse = z.object({
  status: z.literal('ok'),
  settings: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    securityQuestion: z.string(),
  }),
});
export type SettingsResponse = z.infer<typeof ZSettingsResponse>;

export const ZChangeNameRequest = z.strictObject({
  firstName: zName('First name'),
  lastName: zName('Last name'),
});
export type ChangeNameRequest = z.input<typeof ZChangeNameRequest>;

export const ZChangePasswordRequest = z
  .strictObject({
    currentPassword: z.string().min(1, 'Current password is required').max(LIMITS.passwordMax),
    password1: zPassword,
    password2: z.string().max(LIMITS.passwordMax),
  })
  .refine((body) => body.password1 === body.password2, {
    message: 'Passwords do not match',
    path: ['password2'],
  });
export type ChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const ZChangeSecurityQuestionRequest = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(LIMITS.passwordMax),
  securityQuestion: zQuestion,
  securityQuestionAnswer: zAnswer,
});
export type ChangeSecurityQuestionRequest = z.input<typeof ZChangeSecurityQuestionRequest>;

/**
 * Claims carried in the access token (JWT, HS256, `exp` in seconds). `sid` is the session: the
 * refresh-token family it was issued with, so ending the session ends the access token too.
 */
export const ZAccessClaims = z.object({
  // A user id: a signed token whose subject is anything else is refused (401), never looked up.
  sub: z.uuid(),
  sid: z.uuid(),
  user_type: ZUserType,
  exp: z.number(),
  iat: z.number(),
});
export type AccessClaims = z.infer<typeof ZAccessClaims>;

/** A password change signs other devices out and hands this one a fresh pair. */
export const ZChangePasswordResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  access: z.string(),
  refresh: z.string(),
});
export type ChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
