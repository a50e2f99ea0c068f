import {
  CHAT_PATHS,
  PROJECT_PATHS,
  type ZManagedProjectsResponse,
  type ZProjectMessagesResponse,
  type ZUserProjectsResponse,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { projectOrders, projects } from '../../db/schema/index.js';
import { TEST_DEMO_PASSWORD, testDemoPassword } from '../../test/demo-logins.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { accountSeed, DEMO_ACCOUNTS } from '../accounts/seed.js';
import { DEMO_ORDER_NAME, projectSeed } from './seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('demo projects seed', () => {
  it('gives the demo client an order in progress with a chat, assigned to the demo staff; runs twice safely', async () => {
    const context = { db: server.database.db, log: server.app.log };
    await accountSeed(server.deps, testDemoPassword).run(context);
    await projectSeed(server.deps).run(context);
    await projectSeed(server.deps).run(context);
    const request = httpClient(server.baseUrl);
    const signin = async (index: number) => {
      const account = DEMO_ACCOUNTS[index];
      if (!account) throw new Error('no demo account');
      const response = await request<{ access: string }>('/api/v1/user/authenticate/signin', {
        body: { email: account.email, password: TEST_DEMO_PASSWORD, rememberMe: false },
      });
      expect(response.status).toBe(200);
      return response.body.access;
    };
    const client = await signin(0);
    const staff = await signin(1);

    const orders = await request<z.infer<typeof ZUserProjectsResponse>>(PROJECT_PATHS.userProjects, {
      token: client,
    });
    const demo = Object.values(orders.body.data).filter((order) => order.name === DEMO_ORDER_NAME);
    expect(demo).toHaveLength(1);
    const order = demo[0];
    if (!order) throw new Error('no demo order');
    const statuses = order.projects.map((project) => project.status).sort();
    expect(statuses).toEqual(['in progress', 'waiting for approval']);
    const web = order.projects.find((project) => project.status === 'in progress');
    if (!web) throw new Error('no project in progress');
    expect(web.employees.map((employee) => employee.email)).toEqual(['staff@demo.test']);
    expect(web.activities.length).toBeGreaterThanOrEqual(4);

    // Named as a real request names them, so the chat's "name (type)" is not doubled.
    const discussions = await request<{ discussions: { id: string; projects: { name: string }[] }[] }>(
      CHAT_PATHS.discussions,
      { token: client },
    );
    const names = discussions.body.discussions
      .find((discussion) => discussion.id === order.id)
      ?.projects.map((project) => project.name)
      .sort();
    expect(names).toEqual([`${DEMO_ORDER_NAME} (Android)`, `${DEMO_ORDER_NAME} (Web)`]);

    const chat = await request<z.infer<typeof ZProjectMessagesResponse>>(CHAT_PATHS.projectGet, {
      token: client,
      body: { order_: order.id, project: web.id },
    });
    expect(chat.status).toBe(200);
    expect(chat.body.messages).toHaveLength(3);
    expect(chat.body.messages.map((message) => message.self)).toEqual([false, true, false]);

    const assigned = await request<z.infer<typeof ZManagedProjectsResponse>>(PROJECT_PATHS.staffProjects, {
      token: staff,
    });
    expect(assigned.body.projects.map((project) => project.id)).toContain(web.id);
  });

  it('renames projects an earlier seed named with their type', async () => {
    const context = { db: server.database.db, log: server.app.log };
    await accountSeed(server.deps, testDemoPassword).run(context);
    await projectSeed(server.deps).run(context);
    const [order] = await server.database.db
      .select({ id: projectOrders.id })
      .from(projectOrders)
      .where(eq(projectOrders.name, DEMO_ORDER_NAME));
    if (!order) throw new Error('no demo order');
    await server.database.db
      .update(projects)
      .set({ name: `${DEMO_ORDER_NAME} (Web)` })
      .where(eq(projects.orderId, order.id));
    await projectSeed(server.deps).run(context);
    const rows = await server.database.db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.orderId, order.id));
    expect(rows.map((row) => row.name)).toEqual([DEMO_ORDER_NAME, DEMO_ORDER_NAME]);
  });
});
