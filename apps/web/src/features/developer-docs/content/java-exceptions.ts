/** The Java library's exceptions and when each is thrown, as the library guide's table lists them. */
export const JAVA_EXCEPTIONS = [
  ['APIConnectionException', 'The server could not be reached (refused, timed out, DNS); status 0.'],
  ['InvalidApiKeyException', 'HTTP 401: the API key is missing, wrong or revoked.'],
  ['PaymentRequiredException', 'HTTP 402: your subscription is suspended (unpaid); every call is refused.'],
  ['NoPlanException', 'HTTP 403: “Activate a Key Manager plan first” (the API key’s account has no plan).'],
  ['KeyNotFoundException', 'HTTP 404: “Invalid Key Provided” (unknown, deleted or another account’s key).'],
  [
    'ActivationLimitReachedException',
    'HTTP 409: “Activation limit reached” — when the key allows transfers but none is possible yet, the message says from when and getNextTransferAt() holds it.',
  ],
  ['KeyDisabledException', 'HTTP 409: “Key is disabled”.'],
  [
    'DeviceNotActivatedException',
    'HTTP 409: “This device is not activated for the key” — the device’s slot is gone (released, transferred or its lease lapsed); activate again.',
  ],
  [
    'KeySuspendedException',
    'HTTP 409: “Key is suspended” (suspended by the seller, e.g. unpaid, until reinstated).',
  ],
  [
    'KeyExpiredException',
    'HTTP 409: “Key has expired”: past its expiry and grace under a policy that refuses expired keys; renew it.',
  ],
  ['TrialExpiredException', 'HTTP 409: “Trial has ended”; also a KeyExpiredException.'],
  ['TrialUsedException', 'HTTP 409: this device (or email) already had a trial of the product.'],
  ['NotATrialException', 'HTTP 409: convertTrial on a key that is not a trial.'],
  ['KeyNotRenewableException', 'HTTP 409: renewKey on a key without a duration; give a date.'],
  ['ProductNotFoundException', 'HTTP 404: no product with that code (startTrial).'],
  ['TrialNotOfferedException', 'HTTP 404: the product has no trial policy.'],
  ['PolicyNotFoundException', 'HTTP 404: no such standard policy of the key’s product (convertTrial).'],
  [
    'RateLimitException',
    'HTTP 429: too many calls this minute; getRetryAfterSeconds() says how long to wait.',
  ],
  [
    'RequestRefusedException',
    'Other 4xx: nothing to deactivate, bad input. The 402, 403 and 409 exceptions above and the licensing 404s extend it, so catching it catches them too.',
  ],
  [
    'ReplyVerificationException',
    'A reply that was asked to be signed cannot be trusted (unsigned, unknown signing key, bad signature, another request’s nonce, stale, or a clock turned back): treat it as no answer.',
  ],
  [
    'KeyManagerException',
    'Itself (not a subclass): HTTP 5xx, or a reply that is not JSON, such as a proxy’s 502 page; getStatusCode() has the status.',
  ],
] as const;
