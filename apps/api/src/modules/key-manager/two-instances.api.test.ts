import { type GenerateApiKeyResponse, KEY_MANAGER_PATHS as P } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../../test/http.js';
import { onPostgres, twoInstances } from '../../test/two-instances.js';
import { API_KEY_CACHE_TTL_MS } from './api-key-service.js';
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

  it.skipIf(!onPostgres)(
    'an API key rolled with no overlap through instance A stops on instance B before B’s remembered caller would expire (decision 037)',
    async () => {
      const [a, b] = await startTwoInstances();
      const dev = await newDeveloper(a);
      const licence = await dev.addKey(0);
      const onB = httpClient(b.baseUrl);
      const infoOnB = (token: string) => onB(P.getKeyInformation, { body: { key: licence.key }, token });
      // As above, a slow machine may let B's memory expire first: try up to three keys.
      let stoppedThroughBus = false;
      for (let attempt = 1; attempt <= 3 && !stoppedThroughBus; attempt += 1) {
        const generated = await dev.request<GenerateApiKeyResponse>(P.generateApiKey, {
          body: {},
          token: dev.token,
        });
        const { id, key: apiKey } = generated.body;
        const cachedAt = Date.now();
        expect((await infoOnB(apiKey)).status).toBe(200);
        const rolled = await dev.request(P.rollApiKey, { body: { id, overlapHours: 0 }, token: dev.token });
        expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
        const deadline = cachedAt + API_KEY_CACHE_TTL_MS * 0.9;
        while (Date.now() < deadline) {
          const answer = await infoOnB(apiKey);
          if ((answer.body as { code?: string }).code === 'api_key_expired') {
            stoppedThroughBus = Date.now() < deadline;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      expect(stoppedThroughBus).toBe(true);
    },
  );
});
