/**
 * The closed list of machine-readable error codes (decision 031). Every failure envelope carries one
 * as `code` beside `message`; each code always comes with the HTTP status given here, so a client
 * picks its exception type from `code` alone. Codes are snake_case and never change meaning; adding
 * one is a contract change (docs/api.md lists them, generated from this object).
 */
export const ERROR_CODES = {
  // Generic: one per status the API answers, when no refusal below says more.
  invalid_input: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  not_acceptable: 406,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal_error: 500,
  upstream_error: 502,
  unavailable: 503,
  // Key Manager public REST refusals a client must tell apart (`KEY_MANAGER_ERRORS`); the public
  // REST also answers `payment_required` and `rate_limited` above.
  api_key_required: 401,
  invalid_api_key: 401,
  /** A rolled API key whose overlap ended (decision 037). */
  api_key_expired: 401,
  no_plan: 403,
  publishable_key_not_allowed: 403,
  publishable_key_fingerprint_required: 403,
  key_not_found: 404,
  key_disabled: 409,
  activation_limit_reached: 409,
  no_activations: 409,
  device_not_activated: 409,
  // Licensing (decision 032).
  key_expired: 409,
  trial_expired: 409,
  key_suspended: 409,
  product_not_found: 404,
  policy_not_found: 404,
  trial_not_offered: 404,
  trial_used: 409,
  not_a_trial: 409,
  key_not_renewable: 409,
  // Teams and trust (decision 033).
  not_a_member: 403,
  role_not_allowed: 403,
  email_not_verified: 403,
  two_factor_required: 403,
  second_factor_required: 401,
  second_factor_invalid: 401,
  // Deals: quotes and invoices (decision 035).
  quote_expired: 409,
  quote_not_open: 409,
  invoice_not_open: 409,
  project_payment_hold: 402,
  // Deliverables and approval (decision 035, amended 2026-11-28).
  milestone_not_delivered: 409,
  milestone_approved: 409,
  // The licensee portal (decision 036).
  portal_code_invalid: 401,
  portal_code_expired: 401,
  portal_attempt_spent: 401,
  portal_session_ended: 401,
  csrf_failed: 403,
  portal_action_off: 403,
  release_limit_reached: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
/** The statuses a failure may have: exactly those of the codes. */
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode];
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The generic code of each status: what a failure says when no specific refusal applies. */
export const GENERIC_ERROR_CODES: Readonly<Record<ErrorStatus, ErrorCode>> = {
  400: 'invalid_input',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  406: 'not_acceptable',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'upstream_error',
  503: 'unavailable',
};

export function isErrorStatus(status: number): status is ErrorStatus {
  return Object.hasOwn(GENERIC_ERROR_CODES, status);
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
