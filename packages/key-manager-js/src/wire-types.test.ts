import type * as Contract from '@app/contract';
import {
  ACTIVATION_LIMIT_MESSAGE as CONTRACT_ACTIVATION_LIMIT_MESSAGE,
  ERROR_CODES as CONTRACT_ERROR_CODES,
  FINGERPRINT_NOT_ACTIVATED_MESSAGE as CONTRACT_FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  KEY_DISABLED_MESSAGE as CONTRACT_KEY_DISABLED_MESSAGE,
  NO_PLAN_MESSAGE as CONTRACT_NO_PLAN_MESSAGE,
  NONCE_PATTERN as CONTRACT_NONCE_PATTERN,
  SIGNED_REPLY_HEADERS as CONTRACT_SIGNED_REPLY_HEADERS,
  SIGNED_REPLY_VERSION as CONTRACT_SIGNED_REPLY_VERSION,
  VALIDATION_CODES as CONTRACT_VALIDATION_CODES,
  WEBHOOK_EVENT_TYPES as CONTRACT_WEBHOOK_EVENT_TYPES,
  signedReplyMessage as contractSignedReplyMessage,
  KEY_MANAGER_PATHS,
  WEBHOOK_TEST_EVENT,
} from '@app/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { PUBLIC_PATHS } from './key-manager.js';
import type * as SdkLicensing from './licensing-wire-types.js';
import {
  NONCE_PATTERN,
  SIGNED_REPLY_HEADERS,
  SIGNED_REPLY_VERSION,
  signedReplyMessage,
  VALIDATION_CODES,
} from './licensing-wire-types.js';
import type { LicensePayload } from './offline-licence.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from './webhook-signature.js';
import type * as Sdk from './wire-types.js';
import {
  ACTIVATION_LIMIT_MESSAGE,
  ERROR_CODES,
  FINGERPRINT_NOT_ACTIVATED_MESSAGE,
  KEY_DISABLED_MESSAGE,
  NO_PLAN_MESSAGE,
} from './wire-types.js';

// The SDK writes the wire shapes out so its published types import nothing from the monorepo; these
// checks (type-level, so `tsc -p packages/key-manager-js` fails too) keep them equal to the contract.
describe('the SDK wire types match @app/contract', () => {
  it('has the same shapes', () => {
    expectTypeOf<Sdk.PublicKeyInformation>().toEqualTypeOf<Contract.PublicKeyInformation>();
    expectTypeOf<Sdk.GetKeyInformationResponse>().toEqualTypeOf<Contract.GetKeyInformationResponse>();
    expectTypeOf<Sdk.KeyManipulationResponse>().toEqualTypeOf<Contract.KeyManipulationResponse>();
    expectTypeOf<Sdk.DeleteKeyResponse>().toEqualTypeOf<Contract.DeleteKeyResponse>();
    expectTypeOf<Sdk.GetKeyInformationRequest>().toEqualTypeOf<Contract.GetKeyInformationRequest>();
    expectTypeOf<Sdk.ActivateKeyRequest>().toEqualTypeOf<Contract.ActivateKeyRequest>();
    expectTypeOf<Sdk.MarkKeyAsActiveRequest>().toEqualTypeOf<Contract.MarkKeyAsActiveRequest>();
    expectTypeOf<Sdk.DeactivateKeyRequest>().toEqualTypeOf<Contract.DeactivateKeyRequest>();
    expectTypeOf<Sdk.HeartbeatRequest>().toEqualTypeOf<Contract.HeartbeatRequest>();
    expectTypeOf<Sdk.HeartbeatResponse>().toEqualTypeOf<Contract.HeartbeatResponse>();
    expectTypeOf<Sdk.ActivateKeyResponse>().toEqualTypeOf<Contract.ActivateKeyResponse>();
    expectTypeOf<Sdk.Device>().toEqualTypeOf<Contract.Device>();
    expectTypeOf<Sdk.CheckoutLicenseRequest>().toEqualTypeOf<Contract.CheckoutLicenseRequest>();
    expectTypeOf<Sdk.CheckoutLicenseResponse>().toEqualTypeOf<Contract.CheckoutLicenseResponse>();
    expectTypeOf<LicensePayload>().toEqualTypeOf<Contract.LicensePayload>();
    expectTypeOf<WebhookEvent['type']>().toEqualTypeOf<Contract.WebhookEventPayload['type']>();
    expectTypeOf<Sdk.ErrorCode>().toEqualTypeOf<Contract.ErrorCode>();
  });

  it('has the same licensing shapes', () => {
    expectTypeOf<Sdk.KeyStatus>().toEqualTypeOf<Contract.KeyStatus>();
    expectTypeOf<Sdk.Customer>().toEqualTypeOf<Contract.Customer>();
    expectTypeOf<SdkLicensing.ValidationCode>().toEqualTypeOf<Contract.ValidationCode>();
    expectTypeOf<SdkLicensing.ValidateKeyRequest>().toEqualTypeOf<Contract.ValidateKeyRequest>();
    expectTypeOf<SdkLicensing.ValidateKeyResponse>().toEqualTypeOf<Contract.ValidateKeyResponse>();
    expectTypeOf<SdkLicensing.StartTrialRequest>().toEqualTypeOf<Contract.StartTrialRequest>();
    expectTypeOf<SdkLicensing.StartTrialResponse>().toEqualTypeOf<Contract.StartTrialResponse>();
    expectTypeOf<SdkLicensing.ConvertTrialRequest>().toEqualTypeOf<Contract.ConvertTrialRequest>();
    expectTypeOf<SdkLicensing.RenewKeyRequest>().toEqualTypeOf<Contract.RenewKeyRequest>();
    expectTypeOf<SdkLicensing.SuspendKeyRequest>().toEqualTypeOf<Contract.SuspendKeyRequest>();
    expectTypeOf<SdkLicensing.LicensingChangeResponse>().toEqualTypeOf<Contract.LicensingChangeResponse>();
  });

  it('names the same validation codes and signs replies the same way', () => {
    expect(VALIDATION_CODES).toEqual(CONTRACT_VALIDATION_CODES);
    expect(SIGNED_REPLY_HEADERS).toEqual(CONTRACT_SIGNED_REPLY_HEADERS);
    expect(SIGNED_REPLY_VERSION).toBe(CONTRACT_SIGNED_REPLY_VERSION);
    expect(NONCE_PATTERN.source).toBe(CONTRACT_NONCE_PATTERN.source);
    const args = ['2027-01-31T00:00:00.000Z', 'n0nce-n0nce-n0nce', '/api/x', '{"ä":1}'] as const;
    expect(signedReplyMessage(...args)).toBe(contractSignedReplyMessage(...args));
  });

  it('knows the server’s error codes, each with its status', () => {
    expect(ERROR_CODES).toEqual(CONTRACT_ERROR_CODES);
  });

  it('names every webhook event the server sends', () => {
    expect([...(WEBHOOK_EVENT_TYPES ?? [])].sort()).toEqual(
      [...CONTRACT_WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort(),
    );
  });

  it('uses the same paths and refusal messages', () => {
    for (const [name, path] of Object.entries(PUBLIC_PATHS)) {
      expect(KEY_MANAGER_PATHS[name as keyof typeof PUBLIC_PATHS]).toBe(path);
    }
    expect(ACTIVATION_LIMIT_MESSAGE).toBe(CONTRACT_ACTIVATION_LIMIT_MESSAGE);
    expect(KEY_DISABLED_MESSAGE).toBe(CONTRACT_KEY_DISABLED_MESSAGE);
    expect(NO_PLAN_MESSAGE).toBe(CONTRACT_NO_PLAN_MESSAGE);
    expect(FINGERPRINT_NOT_ACTIVATED_MESSAGE).toBe(CONTRACT_FINGERPRINT_NOT_ACTIVATED_MESSAGE);
  });
});
