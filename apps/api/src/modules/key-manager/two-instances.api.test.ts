import { KEY_MANAGER_PATHS as P } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../../test/http.js';
import { onPostgres, twoInstances } from '../../test/two-instances.js';
import { newDeveloper } from './key-manager-kit.test.js';
import { KEY_INFO_CACHE_TTL_MS } from './licence-key-cache.js';

const startTwoInstances = twoInstances();

describe('two API instances on one PostgreSQL database', () => {
  it.skipIf(!onPostgres)(
    'an activation through instance A shows on instance B before B’s cached copy would expire (skipped without TEST_DATABASE_URL: needs PostgreSQL LISTEN/NOTIFY)',
    async () => {
      const [a, b] = await startTwoInstances();
      const dev = await newDeveloper(a);
      const licence = await dev.addKey(0);
      const apiKey = await dev.apiKey();
      const onA = httpClient(a.baseUrl);
      const onB = httpClient(b.baseUrl);
      const countOnB = async () => {
        const response = await onB<{ currentActivations: number }>(P.getKeyInformation, {
          body: { key: licence.key },
          token: apiKey,
        });
        return response.body.currentActivations;
      };

      // B caches the key; only the change feed can make B see A's activation before the TTL ends.
      // A slow machine can make one attempt inconclusive (the TTL ran out first), so try three times.
      let seenThroughFeed = false;
      for (let attempt = 1; attempt <= 3 && !seenThroughFeed; attempt += 1) {
        const cachedAt = Date.now();
        const before = await countOnB();
        const activated = await onA(P.activateKey, { body: { key: licence.key }, token: apiKey });
        expect(activated.status).toBe(200);
        const deadline = cachedAt + KEY_INFO_CACHE_TTL_MS * 0.9;
        while (Date.now() < deadline) {
          if ((await countOnB()) === before + 1) {
            seenThroughFeed = Date.now() < deadline;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      expect(seenThroughFeed).toBe(true);
    },
  );
});
