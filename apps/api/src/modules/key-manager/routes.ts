import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { ACCOUNT_ACCESS_CHANGED_TOPIC } from '../accounts/index.js';
import { createApiKeyGuard } from './api-key-guard.js';
import { ApiKeyRolls } from './api-key-roll.js';
import { ApiKeyRollJob, defineApiKeyRolls } from './api-key-roll-job.js';
import { API_KEY_CHANGED_TOPIC, ApiKeyService } from './api-key-service.js';
import { keyAuditRoutes } from './audit-log-routes.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { DevicePolicies } from './devices/device-policies.js';
import { deviceRoutes } from './devices/device-routes.js';
import { Devices } from './devices/devices.js';
import { defineLeaseExpiry } from './devices/lease-expiry.js';
import { KeyOperations } from './key-operations.js';
import type { KeyManagerExtension } from './kit.js';
import { LicenceKeyCache } from './licence-key-cache.js';
import { LicenceKeyChangeFeed } from './licence-key-change-feed.js';
import { LicenceKeyList } from './licence-key-list.js';
import { LicenceKeys } from './licence-keys.js';
import { createLicences } from './licences/licences.js';
import { bulkKeyRoutes } from './licensing/bulk-routes.js';
import { defineExpiryNotices, ExpiryNotices } from './licensing/expiry-notices.js';
import { KeyLifecycle } from './licensing/key-lifecycle.js';
import { KeyPage } from './licensing/key-page.js';
import { licensingRoutes } from './licensing/licensing-routes.js';
import { KeyPolicies } from './licensing/policies.js';
import { KeyProducts } from './licensing/products.js';
import { LicensingSettingsStore } from './licensing/settings.js';
import { SignedReplies } from './licensing/signed-replies.js';
import { KeyValidation } from './licensing/validation.js';
import { KeyManagerPlans } from './plans.js';
import { publicKeyRoutes } from './public-routes.js';
import { createKeyUsage } from './usage/key-usage.js';
import { UsageCounter } from './usage-counter.js';
import { createWebhooks } from './webhooks/webhooks.js';

/**
 * Builds the Key Manager's services once and registers the dashboard and public REST routes, then
 * the features built on its keys (`extensions`, e.g. the licensee portal) with its services.
 */
export const keyManagerRoutes =
  (deps: AppDeps, extensions: readonly KeyManagerExtension[] = []): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const plans = new KeyManagerPlans(deps.catalog);
    const usage = new UsageCounter(db, deps.log);
    // Outbound webhooks (decision 016): key changes record their events through the emitter.
    const webhooks = createWebhooks(deps);
    // Licensing (decision 032): products and policies every key is issued from.
    const products = new KeyProducts(db);
    const policies = new KeyPolicies(db, deps.clock, products);
    const apiKeys = new ApiKeyService(
      db,
      deps.clock,
      plans,
      deps.rateLimiters,
      usage,
      webhooks.emitter,
      products,
      deps.events,
    );
    // API-key rotation (decision 037): the roll, and the job that tells and revokes at the overlap's end.
    const rolls = new ApiKeyRolls(db, deps.clock, webhooks.emitter, apiKeys);
    defineApiKeyRolls(
      deps.jobs,
      new ApiKeyRollJob(db, deps.clock, webhooks.emitter, () => usage.flush()),
      deps.log,
    );
    const stopApiKeyEvents = deps.events.subscribe(API_KEY_CHANGED_TOPIC, (data) => {
      const { apiKeyId } = data as { apiKeyId?: unknown };
      if (typeof apiKeyId === 'string') apiKeys.forget(apiKeyId);
    });
    // Licence-key information is cached per instance; the feed keeps the instances' caches in step.
    const changeFeed = new LicenceKeyChangeFeed(deps.events, deps.log);
    const cache = new LicenceKeyCache({ onChange: changeFeed.add });
    changeFeed.listen(cache);
    // Devices, leases and transfers (decision 023); the lease job is defined before the queue starts.
    const devices = new Devices(db, deps.clock, cache, webhooks.emitter);
    defineLeaseExpiry(deps.jobs, devices, deps.log);
    // key.expiring / key.expired webhooks (decision 032), defined before the queue starts too.
    const expiryNotices = new ExpiryNotices(db, deps.clock, webhooks.emitter);
    defineExpiryNotices(deps.jobs, expiryNotices, deps.log);
    const operations = new KeyOperations(db, deps.clock, cache, webhooks.emitter, devices);
    const keys = new LicenceKeys(db, deps.clock, plans, cache, webhooks.emitter, products, policies);
    // A disabled account's API keys stop working on the next call, on every instance.
    const stopAccountEvents = deps.events.subscribe(ACCOUNT_ACCESS_CHANGED_TOPIC, () =>
      apiKeys.accountAccessChanged(),
    );
    usage.start();
    // Verification analytics, the request log and the usage mail (decision 037).
    const keyUsage = createKeyUsage(deps);
    // Counted calls are written, and queued changes published, before the database closes.
    app.addHook('onClose', async () => {
      stopAccountEvents();
      stopApiKeyEvents();
      webhooks.close();
      await changeFeed.stop();
      await usage.stop();
      await keyUsage.stop();
    });
    const list = new LicenceKeyList(db);
    await app.register(
      licensingRoutes(deps, {
        products,
        policies,
        settings: new LicensingSettingsStore(db, deps.clock),
        keyPage: new KeyPage(db, deps.clock),
      }),
    );
    await app.register(bulkKeyRoutes(deps, { products, policies, plans, cache }));
    await app.register(dashboardRoutes(deps, { plans, keys, list, operations, apiKeys, rolls }));
    await app.register(keyAuditRoutes(deps));
    await app.register(deviceRoutes(deps, devices, new DevicePolicies(db, deps.clock)));
    await app.register(webhooks.routes);
    await app.register(keyUsage.routes);
    // Signed offline licences (decision 024): dashboard routes here, checkout on the public plugin.
    const licences = createLicences(deps, devices);
    await app.register(licences.routes);
    // Licensing's public operations (decision 032): validation, trials, renewal, suspension.
    const licensing = {
      validation: new KeyValidation(operations, devices, () => deps.clock.now()),
      lifecycle: new KeyLifecycle(
        db,
        deps.clock,
        plans,
        products,
        policies,
        devices,
        cache,
        webhooks.emitter,
      ),
      trialsPerIp: deps.rateLimiters({ name: 'key-manager-trials-ip', points: 30, durationSeconds: 3600 }),
      signed: new SignedReplies(licences.signingKeys, deps.clock),
    };
    for (const extension of extensions) {
      await app.register(extension({ devices, certificates: licences.checkout }));
    }
    await app.register(
      publicKeyRoutes(
        operations,
        createApiKeyGuard(apiKeys, deps.clock, keyUsage.recorder !== null),
        devices,
        licences.checkout,
        deps.clock,
        licensing,
        keyUsage,
      ),
    );
  };
