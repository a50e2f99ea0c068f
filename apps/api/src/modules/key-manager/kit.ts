import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Devices } from './devices/devices.js';
import type { LicenceCheckout } from './licences/licence-checkout.js';

/**
 * What the Key Manager hands the features built on its keys (the licensee portal, decision 036):
 * its own services, so a release or a certificate goes through the one code path with its lock
 * order, key events, cache invalidation and webhooks.
 */
export interface KeyManagerKit {
  devices: Pick<Devices, 'release'>;
  certificates: Pick<LicenceCheckout, 'forDevice'>;
}

/** A feature registered inside the Key Manager's scope once its services exist (modules/index.ts). */
export type KeyManagerExtension = (kit: KeyManagerKit) => FastifyPluginAsyncZod;
