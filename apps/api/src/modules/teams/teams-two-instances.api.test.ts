import { memberPath } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { httpClient } from '../../test/http.js';
import { onPostgres, twoInstances } from '../../test/two-instances.js';
import { newTeam } from './teams-kit.test.js';

const start = twoInstances();

describe.skipIf(!onPostgres)('teams on two instances', () => {
  it('a member removed on one instance is refused by the other at once (its cached session is dropped)', async () => {
    const [a, b] = await start();
    const team = await newTeam(a);
    const onB = httpClient(b.baseUrl);
    const read = () => onB('/api/v1/account/members', { token: team.members.developer.access });
    // Instance B has the developer's session in its cache, acting for the team.
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    const removed = await httpClient(a.baseUrl)(memberPath(team.members.developer.id), {
      method: 'DELETE',
      token: team.owner.access,
    });
    expect(removed.status).toBe(200);
    // The removal published the change before answering; B heard it before this request.
    let status = (await read()).status;
    for (let tries = 0; status === 200 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = (await read()).status;
    }
    expect(status).toBe(401);
  });
});
