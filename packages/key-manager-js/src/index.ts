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
  type ActivationResponse,
  DEFAULT_BASE_URL,
  type DeviceDetails,
  type HeartbeatResult,
  type KeyInformationOptions,
  type KeyInformationResponse,
  KeyManager,
  type KeyManagerOptions,
  type ManipulationResponse,
  PUBLIC_PATHS,
  type RateLimitInfo,
  SDK_VERSION,
} from './key-manager.js';
export {
  constructWebhookEvent,
  DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEvent,
  WebhookSignatureError,
} from './webhook-signature.js';
export type { Device, PublicKeyInformation, TransferInformation } from './wire-types.js';
