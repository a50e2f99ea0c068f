/**
 * The wire shapes of the public REST API, written out here rather than imported from the monorepo's
 * contract package: the published package must type-check on its own, with no workspace imports.
 * `wire-types.test.ts` fails the typecheck if they ever drift from the contract.
 */

import type { LicensePayload } from './offline-licence.js';

/** A licence key as the public REST API describes it. */
export interface PublicKeyInformation {
  /** The key's id (a UUID), as the dashboard shows it. */
  id: string;
  /** The licence key itself. */
  key: string;
  /** How many activations the key allows. */
  maxActivations: number;
  /** How many activations (or devices) it has now. */
  currentActivations: number;
  /** False when the key is disabled: activation and deactivation are then refused. */
  isActive: boolean;
}

export interface GetKeyInformationRequest {
  key?: string;
  id?: string;
}

export interface ActivateKeyRequest {
  key?: string;
  id?: string;
  fingerprint?: string;
}

export interface MarkKeyAsActiveRequest {
  key?: string;
  id?: string;
  isActive?: boolean;
  isActivated?: boolean;
}

export interface GetKeyInformationResponse extends PublicKeyInformation {
  status: 'ok';
}

export interface KeyManipulationResponse extends PublicKeyInformation {
  status: 'ok';
  message: string;
}

export interface DeleteKeyResponse {
  status: 'ok';
  message: string;
}

export interface CheckoutLicenseRequest {
  key?: string;
  id?: string;
  fingerprint: string;
  ttlSeconds?: number;
}

export interface CheckoutLicenseResponse {
  status: 'ok';
  certificate: string;
  license: LicensePayload;
}

/** The server's messages for refusals the SDK turns into their own exception classes. */
export const ACTIVATION_LIMIT_MESSAGE = 'Activation limit reached';
export const KEY_DISABLED_MESSAGE = 'Key is disabled';
/** 403 also answers publishable keys used for a secret key's operation, with other messages. */
export const NO_PLAN_MESSAGE = 'Activate a Key Manager plan first';
