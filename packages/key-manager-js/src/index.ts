export {
  ActivationLimitReachedException,
  APIConnectionException,
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
  DEFAULT_BASE_URL,
  type KeyInformationResponse,
  KeyManager,
  type KeyManagerOptions,
  type LicenseCheckoutResponse,
  type ManipulationResponse,
  PUBLIC_PATHS,
  type RateLimitInfo,
  SDK_VERSION,
} from './key-manager.js';
export {
  DEFAULT_CLOCK_SKEW_SECONDS,
  decodeLicense,
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
export {
  constructWebhookEvent,
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  WebhookSignatureError,
} from './webhook-signature.js';
export type { PublicKeyInformation } from './wire-types.js';
