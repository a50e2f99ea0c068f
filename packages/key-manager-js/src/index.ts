export { ClockGuard, type ClockGuardOptions, DEFAULT_CLOCK_TOLERANCE_SECONDS } from './clock-guard.js';
export {
  ActivationLimitReachedException,
  APIConnectionException,
  DeviceNotActivatedException,
  InvalidApiKeyException,
  KeyDisabledException,
  KeyManagerException,
  KeyNotFoundException,
  NoPlanException,
  PaymentRequiredException,
  RateLimitException,
  RequestRefusedException,
} from './errors.js';
export {
  type HeartbeatHandle,
  type HeartbeatOptions,
  intervalFor,
  MIN_HEARTBEAT_INTERVAL_MS,
  PERMANENT_LEASE_INTERVAL_MS,
  startHeartbeat,
} from './heartbeat.js';
export {
  BASE_URL_ENV,
  DEFAULT_BASE_URL,
  KeyManager,
  type KeyManagerOptions,
  PUBLIC_PATHS,
  SDK_VERSION,
} from './key-manager.js';
export type {
  ConvertTrialInput,
  KeyReference,
  LicensingChangeResult,
  RenewKeyInput,
  SignedCallOptions,
  StartTrialInput,
  SuspendKeyInput,
  ValidateKeyInput,
  ValidationResult,
} from './licensing.js';
export {
  KeyExpiredException,
  KeyNotRenewableException,
  KeySuspendedException,
  NotATrialException,
  PolicyNotFoundException,
  ProductNotFoundException,
  TrialExpiredException,
  TrialNotOfferedException,
  TrialUsedException,
} from './licensing-errors.js';
export {
  NONCE_PATTERN,
  SIGNED_REPLY_HEADERS,
  signedReplyMessage,
  VALIDATION_CODES,
  type ValidationCode,
} from './licensing-wire-types.js';
export {
  DEFAULT_CLOCK_SKEW_SECONDS,
  decodeLicense,
  LicenseClockTamperedError,
  type LicenseErrorCode,
  LicenseExpiredError,
  LicenseFingerprintMismatchError,
  LicenseMalformedError,
  LicenseNotYetValidError,
  type LicensePayload,
  LicenseSignatureError,
  LicenseUnknownSigningKeyError,
  LicenseVerificationError,
  signingKeyIdOf,
  type VerifyLicenseOptions,
  verifyLicense,
} from './offline-licence.js';
export type {
  ActivationResponse,
  DeviceDetails,
  HeartbeatResult,
  KeyInformationOptions,
  KeyInformationResponse,
  LicenseCheckoutResponse,
  ManipulationResponse,
  RateLimitInfo,
} from './results.js';
export {
  ClockTamperedException,
  ReplyNonceMismatchException,
  ReplySignatureException,
  ReplyStaleException,
  ReplyUnknownSigningKeyException,
  ReplyUnsignedException,
  type ReplyVerificationCode,
  ReplyVerificationException,
  type SignedReplyInfo,
} from './signed-replies.js';
export type { UsageInput, UsagePoint, UsageResult, UsageTotals } from './usage.js';
export {
  constructWebhookEvent,
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  verifyWebhookSignature,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  type WebhookEventType,
  WebhookSignatureError,
} from './webhook-signature.js';
export {
  type Customer,
  type Device,
  ERROR_CODES,
  type ErrorCode,
  type JsonValue,
  type KeyStatus,
  type PublicKeyInformation,
  type TransferInformation,
} from './wire-types.js';
