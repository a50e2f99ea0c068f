import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicUrl } from '../../config.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createAccount, type TestAccount } from '../../test/fixtures.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { httpClient } from '../../test/http.js';
import { sendWaitingDigests } from '../../test/mail-digests.js';
import { mailsTo } from '../../test/mail-outbox.js';
import { type OrderView, PNG, type ProjectView, placeOrder } from '../../test/project-fixtures.js';
import { describeRoleMatrix } from '../../test/role-matrix.js';

let server: TestServer;
let client: TestAccount;
let admin: TestAccount;
let staff: TestAccount;
const call = (path: string, token: string, body?: unknown) =>
  httpClient(server.baseUrl)(path, { body, token });

beforeAll(async () => {
  // Digests go out when a test sends them (sendWaitingDigests), never on their own mid-test.
  server = await startTestServer({ env: { MAIL_DIGEST_SECONDS: '3600', JOBS_POLL_SECONDS: '0.5' } });
  client = await createAccount(server, 'client');
  admin = await createAccount(server, 'admin');
  staff = await createAccount(server, 'staff');
});
afterAll(async () => server?.close());

async function clientProject(projectId: string): Promise<ProjectView> {
  const list = await httpClient(server.baseUrl)<{ data: Record<string, OrderView> }>(
    '/api/v1/user/projects',
    {
      token: client.access,
    },
  );
  const project = Object.values(list.body.data)
    .flatMap((order) => order.projects)
    .find((p) => p.id === projectId);
  if (!project) throw new Error('project not visible to its client');
  return project;
}

describe('admin project management', () => {
  it('runs a project from request to complete, with the exact messages, mails and activity', async () => {
    const order = await placeOrder(server, client, { name: 'Booking site' });
    const id = order.projects[0]?.id ?? '';

    const early = await call('/api/v1/admin/project/update', admin.access, {
      projectID: id,
      frontEnd: 10,
      backEnd: 10,
      database: 10,
    });
    expect(early.status).toBe(409);

    expect((await call('/api/v1/admin/project/approve', admin.access, { projectID: id })).body).toEqual({
      status: 'ok',
      message: 'Project approved!',
    });
    expect((await call('/api/v1/admin/project/approve', admin.access, { projectID: id })).status).toBe(409);

    const badDuration = await call('/api/v1/admin/project/duration', admin.access, {
      id,
      from: '2026-03-01',
      to: '2026-02-01',
    });
    expect(badDuration.status).toBe(400);
    const duration = { id, from: '2026-02-01', to: '2026-05-31' };
    expect((await call('/api/v1/admin/project/duration', admin.access, duration)).status).toBe(200);
    expect((await call('/api/v1/admin/project/duration', admin.access, duration)).status).toBe(409);

    const assigned = await call('/api/v1/admin/projects/action/assign/employees', admin.access, {
      projectID: id,
      empIds: [staff.id],
    });
    expect(assigned.body).toMatchObject({ message: 'Employees assigned successfully!' });
    const notStaff = await call('/api/v1/admin/projects/action/assign/employees', admin.access, {
      projectID: id,
      empIds: [client.id],
    });
    expect(notStaff.status).toBe(400);

    const http = await call('/api/v1/admin/projects/payment/link/add', admin.access, {
      projectID: id,
      paymentLink: 'http://pay.example.com/x',
    });
    expect(http.status).toBe(400);
    const link = await call('/api/v1/admin/projects/payment/link/add', admin.access, {
      projectID: id,
      paymentLink: 'https://pay.example.com/x',
    });
    expect(link.body).toMatchObject({ message: 'Link added successfully!' });

    const outOfRange = await call('/api/v1/admin/project/update', admin.access, {
      projectID: id,
      frontEnd: 101,
      backEnd: 0,
      database: 0,
    });
    expect(outOfRange.status).toBe(400);
    const progress = await call('/api/v1/admin/project/update', admin.access, {
      projectID: id,
      frontEnd: 50,
      backEnd: 50,
      database: 50,
    });
    expect(progress.body).toMatchObject({ message: 'Project Updated Successfully!' });

    const seen = await clientProject(id);
    expect(seen).toMatchObject({
      status: 'in progress',
      status_number: 3,
      start_date: '2026-02-01',
      end_date: '2026-05-31',
      frontendProgress: 50,
      paymentLink: 'https://pay.example.com/x',
      employees: [{ email: staff.email }],
    });
    const messages = seen.activities.map((a) => a.message);
    expect(messages).toContain('Your project was approved.');
    expect(messages).toContain('Your project reached 50% overall progress.');
    await sendWaitingDigests(server, admin.access);
    const mails = (await mailsTo(server, client.email)).filter((mail) =>
      mail.subject.includes('Booking site'),
    );
    expect(mails).toHaveLength(1);

    expect(
      (await call('/api/v1/admin/project/status', admin.access, { projectID: id, status: 'finished' }))
        .status,
    ).toBe(409);
    await call('/api/v1/admin/project/update', admin.access, {
      projectID: id,
      frontEnd: 100,
      backEnd: 100,
      database: 100,
    });
    expect((await clientProject(id)).status).toBe('complete');
    const info = await call('/api/v1/user/information/get', client.access);
    expect(info.body).toMatchObject({ userInformation: { projectInformation: { completedProjects: 1 } } });
  });

  it('each notification mail opens its project in the web app, and commits with its activity', async () => {
    // A person's notices within the window are one mail (decision 034): start after the last test's.
    await sendWaitingDigests(server, admin.access);
    const order = await placeOrder(server, client, { name: 'Deep link shop' });
    const id = order.projects[0]?.id ?? '';
    await call('/api/v1/admin/project/approve', admin.access, { projectID: id });
    await sendWaitingDigests(server, admin.access);
    await call('/api/v1/admin/project/status', admin.access, { projectID: id, status: 'in progress' });
    await sendWaitingDigests(server, admin.access);
    const mails = (
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email))
    ).filter((mail) => mail.subject.includes('Deep link shop'));
    // Apart in time, two mails, each with its own news as the subject.
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `${server.deps.config.BRAND_NAME}: Deep link shop — Status changed to in progress.`,
      `${server.deps.config.BRAND_NAME}: Deep link shop — Your project was approved.`,
    ]);
    const link = `${publicUrl(server.deps.config)}/orders?order=${order.id}&project=${id}`;
    for (const mail of mails) {
      expect(mail.text).toContain(`Open it: ${link}`);
      expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    }
    const activities = (await clientProject(id)).activities.map((a) => a.message);
    expect(activities).toEqual(
      expect.arrayContaining(['Your project was approved.', 'Status changed to in progress.']),
    );
  });

  it('a burst of admin changes reaches the client as one mail listing each, in order', async () => {
    const order = await placeOrder(server, client, { name: 'Burst bakery' });
    const id = order.projects[0]?.id ?? '';
    const burstMails = async () =>
      (await mailsTo(server, client.email)).filter((mail) => mail.subject.includes('Burst bakery'));
    // The session the audit saw: six changes, six notices.
    await call('/api/v1/admin/project/approve', admin.access, { projectID: id });
    await call('/api/v1/admin/project/duration', admin.access, { id, from: '2026-02-01', to: '2026-05-31' });
    await call('/api/v1/admin/projects/action/assign/employees', admin.access, {
      projectID: id,
      empIds: [staff.id],
    });
    await call('/api/v1/admin/projects/payment/link/add', admin.access, {
      projectID: id,
      paymentLink: 'https://pay.example.com/burst',
    });
    const progress = { projectID: id, frontEnd: 30, backEnd: 30, database: 30 };
    expect((await call('/api/v1/admin/project/update', admin.access, progress)).status).toBe(200);

    // Every change answered and is in the activity list; nothing is mailed yet.
    expect((await clientProject(id)).activities).toHaveLength(6);
    expect(await burstMails()).toEqual([]);
    const waiting = await httpClient(server.baseUrl)<{ jobs: { data: string }[] }>(
      '/api/v1/admin/jobs?queue=mail.digest&state=created',
      { token: admin.access },
    );
    // One digest per person (decision 034): the client's one waiting mail holds every change.
    expect(waiting.body.jobs.filter((job) => job.data.includes(client.id))).toHaveLength(1);

    await sendWaitingDigests(server, admin.access);
    const mails = await burstMails();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`${server.deps.config.BRAND_NAME}: Burst bakery — 6 updates`);
    expect(mail?.text).toContain(
      [
        '6 updates on Burst bakery:',
        '- Your project was approved.',
        '- Schedule set: 2026-02-01 to 2026-05-31.',
        '- Team assigned: staff User.',
        '- A payment link is ready: use Pay Now on your project.',
        '- Status changed to in progress.',
        '- Your project reached 25% overall progress.',
      ].join('\n'),
    );
    expect(mail?.text).toContain(
      `Open it: ${publicUrl(server.deps.config)}/orders?order=${order.id}&project=${id}`,
    );

    // A later change starts a new window: one more mail, with only what is new.
    await call('/api/v1/admin/project/update', admin.access, { ...progress, frontEnd: 100 });
    await sendWaitingDigests(server, admin.access);
    const later = await burstMails();
    expect(later).toHaveLength(2);
    expect(later[1]?.subject).toBe(
      `${server.deps.config.BRAND_NAME}: Burst bakery — Your project reached 50% overall progress.`,
    );
  });

  it('answers 404 for unknown projects and searches by client email', async () => {
    const unknown = await call('/api/v1/admin/project/approve', admin.access, {
      projectID: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect((await call('/api/v1/admin/project/approve', admin.access, { projectID: 'nope' })).status).toBe(
      404,
    );
    const found = await call(
      `/api/v1/admin/projects/get/all?search=${encodeURIComponent(client.email)}`,
      admin.access,
    );
    expect((found.body.projects as unknown[]).length).toBeGreaterThan(0);
    // The page reads each project's order and client with it: what the list shows is the client.
    for (const project of found.body.projects as Array<{ order: { client: unknown } }>) {
      expect(project.order.client).toEqual({
        id: client.id,
        name: 'client User',
        email: client.email,
      });
    }
    const none = await call('/api/v1/admin/projects/get/all?search=zz-no-such-thing', admin.access);
    expect(none.body.projects).toEqual([]);
  });
});

describe('admin and staff project lists', () => {
  it('show each project, its order, files, team and activity exactly as the client sees them', async () => {
    const order = await placeOrder(server, client, {
      name: 'Same everywhere',
      android: true,
      web: true,
      designs: [
        { bytes: PNG, name: 'home.png' },
        { bytes: PNG, name: 'cart.png' },
      ],
    });
    const [first, second] = order.projects;
    const second2 = await createAccount(server, 'staff');
    await call('/api/v1/admin/project/approve', admin.access, { projectID: first?.id });
    await call('/api/v1/admin/projects/action/assign/employees', admin.access, {
      projectID: first?.id,
      empIds: [staff.id, second2.id],
    });
    // The client's view is read by the bulk path (views.orders); the lists read each project's
    // team, activity and its order's files as JSON in the page's own statement.
    const mine = await httpClient(server.baseUrl)<{ data: Record<string, Record<string, unknown>> }>(
      '/api/v1/user/projects',
      { token: client.access },
    );
    const { projects: clientProjects, ...clientOrder } = mine.body.data[order.id] as {
      projects: Array<{ id: string; employees: unknown[]; activities: unknown[] }>;
    };
    expect((clientOrder as { files: unknown[] }).files).toHaveLength(3);
    const seen = clientProjects.find((p) => p.id === first?.id);
    expect(seen?.employees).toHaveLength(2);
    expect(seen?.activities.length).toBeGreaterThan(0);

    const listed = await call(
      `/api/v1/admin/projects/get/all?search=${encodeURIComponent('Same everywhere')}`,
      admin.access,
    );
    const adminProjects = listed.body.projects as Array<{ id: string; order: unknown }>;
    expect(adminProjects.map((p) => p.id).sort()).toEqual([first?.id, second?.id].sort());
    for (const project of adminProjects) {
      const { order: adminOrder, ...rest } = project;
      expect(rest).toEqual(clientProjects.find((p) => p.id === project.id));
      expect(adminOrder).toEqual(clientOrder);
    }
    const staffList = await call('/api/v1/staff/projects', staff.access);
    const staffProject = (staffList.body.projects as Array<{ id: string; order: unknown }>).find(
      (p) => p.id === first?.id,
    );
    expect(staffProject).toEqual(adminProjects.find((p) => p.id === first?.id));
  });
});

describe('staff area', () => {
  it('lists assigned projects only and lets staff update progress on them alone', async () => {
    const order = await placeOrder(server, client, { name: 'Staff view', android: true, web: true });
    const [mine, other] = order.projects;
    await call('/api/v1/admin/project/approve', admin.access, { projectID: mine?.id });
    await call('/api/v1/admin/project/approve', admin.access, { projectID: other?.id });
    await call('/api/v1/admin/projects/action/assign/employees', admin.access, {
      projectID: mine?.id,
      empIds: [staff.id],
    });

    const list = await call('/api/v1/staff/projects', staff.access);
    const ids = (list.body.projects as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(mine?.id);
    expect(ids).not.toContain(other?.id);

    const body = { frontEnd: 20, backEnd: 30, database: 40 };
    expect(
      (await call('/api/v1/staff/project/update', staff.access, { projectID: mine?.id, ...body })).status,
    ).toBe(200);
    expect(
      (await call('/api/v1/staff/project/update', staff.access, { projectID: other?.id, ...body })).status,
    ).toBe(404);
    const fileId = order.files[0]?.id;
    expect((await call(`/api/v1/files/${fileId}`, staff.access)).status).toBe(200);
  });
});

describe('admin users', () => {
  it('creates a staff account with a designation, lists and disables it', async () => {
    const email = `dev-${Date.now()}@example.com`;
    const created = await call('/api/v1/admin/users/staff/create', admin.access, {
      firstName: 'Lin',
      lastName: 'Park',
      email,
      password: 'staff-pass-123',
      designation: 'Designer',
    });
    expect(created.status).toBe(200);
    expect((await call('/api/v1/admin/users/staff/create', admin.access, { firstName: 'x' })).status).toBe(
      400,
    );
    const staffList = await call('/api/v1/admin/users/staff', admin.access);
    const row = (staffList.body.users as { id: string; email: string; designation: string }[]).find(
      (u) => u.email === email,
    );
    expect(row?.designation).toBe('Designer');
    const signin = await httpClient(server.baseUrl)<{ user_type: string; access: string }>(
      '/api/v1/user/authenticate/signin',
      { body: { email, password: 'staff-pass-123', rememberMe: false } },
    );
    expect(signin.body.user_type).toBe('e');
    await call('/api/v1/admin/users/disable', admin.access, { userID: row?.id, disabled: true });
    expect((await call('/api/v1/staff/projects', signin.body.access)).status).toBe(401);
    expect(
      (await call('/api/v1/admin/users/disable', admin.access, { userID: admin.id, disabled: true })).status,
    ).toBe(400);
  });

  it("lists and searches clients and shows a client's orders", async () => {
    const clients = await call(
      `/api/v1/admin/users/clients?search=${encodeURIComponent(client.email)}`,
      admin.access,
    );
    expect(clients.body.users).toEqual([expect.objectContaining({ email: client.email })]);
    const orders = await call(`/api/v1/admin/users/clients/orders?userID=${client.id}`, admin.access);
    expect((orders.body.orders as unknown[]).length).toBeGreaterThan(0);
    expect((await call(`/api/v1/admin/users/clients/orders?userID=${staff.id}`, admin.access)).status).toBe(
      404,
    );
  });
});

const PID = '00000000-0000-4000-8000-000000000000';
describeRoleMatrix('projects', () => server, [
  {
    method: 'POST',
    path: '/api/v1/user/project/request',
    body: { web: true, name: 'Matrix' },
    allowed: ['client'],
  },
  { method: 'GET', path: '/api/v1/user/projects', allowed: ['client', 'staff', 'admin'] },
  { method: 'GET', path: '/api/v1/admin/projects/get/all', allowed: ['admin'] },
  { method: 'GET', path: '/api/v1/admin/employees/get/all', allowed: ['admin'] },
  { method: 'GET', path: '/api/v1/admin/projects/overview', allowed: ['admin'] },
  { method: 'POST', path: '/api/v1/admin/project/approve', body: { projectID: PID }, allowed: ['admin'] },
  {
    method: 'POST',
    path: '/api/v1/admin/project/duration',
    body: { id: PID, from: '2026-01-01', to: '2026-01-02' },
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/api/v1/admin/projects/action/assign/employees',
    body: { projectID: PID, empIds: [PID] },
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/api/v1/admin/projects/payment/link/add',
    body: { projectID: PID, paymentLink: 'https://p.example' },
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/api/v1/admin/project/update',
    body: { projectID: PID, frontEnd: 1, backEnd: 1, database: 1 },
    allowed: ['admin'],
  },
  {
    method: 'POST',
    path: '/api/v1/admin/project/status',
    body: { projectID: PID, status: 'finished' },
    allowed: ['admin'],
  },
  { method: 'GET', path: '/api/v1/staff/projects', allowed: ['staff'] },
  {
    method: 'POST',
    path: '/api/v1/staff/project/update',
    body: { projectID: PID, frontEnd: 1, backEnd: 1, database: 1 },
    allowed: ['staff'],
  },
  { method: 'GET', path: '/api/v1/admin/users/staff', allowed: ['admin'] },
  { method: 'GET', path: '/api/v1/admin/users/clients', allowed: ['admin'] },
  {
    method: 'POST',
    path: '/api/v1/admin/users/disable',
    body: { userID: PID, disabled: true },
    allowed: ['admin'],
  },
]);
