import {
  DELIVERABLE_PATHS,
  type Milestone,
  type MilestoneWork,
  PROJECT_PATHS,
  QUOTE_PATHS,
} from '@app/contract';
import { expect } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/fixtures.js';
import type { TestServer } from '../../../test/harness.js';
import { joinAs } from '../../teams/teams-kit.test.js';
import { dealsKit } from '../quotes/deals-kit.test.js';

/**
 * The people of a deliverables test: an admin, the staff member who will be assigned and one who will
 * not, the client account's owner with a viewer and a developer member, and a stranger.
 */
export async function deliverablesCast(server: TestServer) {
  const admin = await createAccount(server, 'admin');
  const staff = await createAccount(server, 'staff');
  const otherStaff = await createAccount(server, 'staff');
  const owner = await createAccount(server, 'client');
  const stranger = await createAccount(server, 'client');
  const viewer = await createAccount(server, 'client');
  const developer = await createAccount(server, 'client');
  await joinAs(server, owner.id, viewer, 'viewer');
  await joinAs(server, owner.id, developer, 'developer');
  return { admin, staff, otherStaff, owner, stranger, viewer, developer };
}

export type Reply = { milestone: MilestoneWork; code?: string; message: string };

/** Calls for a test of deliverables: an accepted deal with a staff member assigned, and the steps. */
export function deliverablesKit(server: TestServer) {
  const deals = dealsKit(server);
  const { request } = deals;

  /** A project of `owner` whose two-milestone quote was accepted, `staff` assigned; its milestones. */
  async function acceptedDeal(admin: TestAccount, owner: TestAccount, staff: TestAccount) {
    const quote = await deals.sentQuote(admin, owner);
    const accepted = await deals.accept(owner, quote.id);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const assigned = await request(PROJECT_PATHS.adminAssign, {
      body: { projectID: quote.projectID, empIds: [staff.id] },
      token: admin.access,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const listed = await request<{ milestones: Milestone[] }>(
      `${QUOTE_PATHS.milestones}?projectID=${quote.projectID}`,
      { token: owner.access },
    );
    const [first, second] = listed.body.milestones;
    if (!first || !second) throw new Error('the deal has no two milestones');
    return { projectID: quote.projectID, first, second };
  }

  const post = (path: string, token: string, body: unknown) => request<Reply>(path, { body, token });
  const note = (token: string, milestoneID: string, text: string) =>
    post(DELIVERABLE_PATHS.add, token, { milestoneID, note: text });
  const link = (token: string, milestoneID: string, url: string, text = '') =>
    post(DELIVERABLE_PATHS.add, token, { milestoneID, url, note: text });
  function file(token: string, milestoneID: string, bytes: Buffer, name: string, text = '') {
    const form = new FormData();
    form.set('milestoneID', milestoneID);
    form.set('note', text);
    form.set('file', new Blob([bytes]), name);
    return post(DELIVERABLE_PATHS.add, token, form);
  }
  const deliver = (token: string, milestoneID: string) =>
    post(DELIVERABLE_PATHS.deliver, token, { milestoneID });
  const approve = (token: string, milestoneID: string) =>
    post(DELIVERABLE_PATHS.approve, token, { milestoneID });
  const askChanges = (token: string, milestoneID: string, comment: string) =>
    post(DELIVERABLE_PATHS.requestChanges, token, { milestoneID, comment });

  async function work(token: string, projectID: string) {
    return request<{ milestones: MilestoneWork[]; code?: string }>(
      `${DELIVERABLE_PATHS.list}?projectID=${projectID}`,
      { token },
    );
  }

  return { request, deals, acceptedDeal, note, link, file, deliver, approve, askChanges, work };
}
