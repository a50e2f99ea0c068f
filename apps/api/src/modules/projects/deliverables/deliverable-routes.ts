import {
  DELIVERABLE_MESSAGES,
  DELIVERABLE_PATHS,
  ZAddDeliverableRequest,
  ZDeliverableFileFields,
  ZDeliverablesQuery,
  ZDeliverablesResponse,
  ZMilestoneIdRequest,
  ZMilestoneWorkResponse,
  ZProjectFilesQuery,
  ZProjectFilesResponse,
  ZRequestChangesRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../app-deps.js';
import type { StoredFileRow } from '../../../db/schema/index.js';
import type { AuthUser } from '../../../platform/auth/auth-user.js';
import { currentUser } from '../../../platform/auth/guard.js';
import { type MultipartResult, readMultipart } from '../../../platform/http/multipart.js';
import { parseOrBadRequest } from '../../../platform/http/validation.js';
import { DELIVERABLE_FILE_FIELD } from './deliverable-files.js';
import type { MilestoneAccess } from './milestone-access.js';
import type { MilestoneSteps, NewDeliverable } from './milestone-steps.js';
import { milestoneWork, oneMilestoneWork } from './milestone-work.js';
import { projectFilesPage } from './project-files.js';

const tags = ['deals'];
const security = [{ accessToken: [] }];

/** The last value of each multipart text field (a repeated field keeps its last). */
const lastValues = (fields: MultipartResult['fields']) =>
  Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, Array.isArray(value) ? value.at(-1) : value]),
  );

/**
 * Milestone deliverables, the client's approval and the project's files (decision 035, amended
 * 2026-11-28). The team posts and delivers; the client's people who may change projects decide;
 * everyone who sees the project reads.
 */
export const deliverableRoutes =
  (deps: AppDeps, access: MilestoneAccess, steps: MilestoneSteps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db;
    const team = deps.guards.requireRole('admin', 'staff');
    const decide = deps.guards.requireAccess('projects', 'write', 'client');
    const noticeProject = (found: Awaited<ReturnType<MilestoneAccess['readableProject']>>) => ({
      id: found.project.id,
      name: found.project.name,
      orderId: found.project.orderId,
    });
    const reply = async (message: string, milestoneId: string) => ({
      status: 'ok' as const,
      message,
      milestone: await oneMilestoneWork(db, milestoneId),
    });

    app.get(
      DELIVERABLE_PATHS.list,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags,
          security,
          summary:
            'A project’s milestones with their deliverables and history (admins, assigned staff, the client)',
          querystring: ZDeliverablesQuery,
          response: { 200: ZDeliverablesResponse },
        },
      },
      async (request) => {
        await access.readableProject(currentUser(request), request.query.projectID);
        return { status: 'ok' as const, milestones: await milestoneWork(db, request.query.projectID) };
      },
    );

    app.post(
      DELIVERABLE_PATHS.add,
      {
        preHandler: team,
        schema: {
          tags,
          security,
          summary:
            'Post a deliverable on a milestone: multipart {milestoneID, note?} with `file`, or JSON {milestoneID, url?, note?}; a pending milestone, or one sent back, becomes delivered',
          description:
            'Files: PDF, ZIP, images, MP4, DOC/DOCX/ODT or plain text up to 50 MB, judged from the bytes. 404 for a milestone of a project not assigned to the caller; 409 milestone_approved.',
          response: { 200: ZMilestoneWorkResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { body, file } = await readDeliverable(user, request);
        try {
          const { project } = await access.milestoneFor(user, body.milestoneID, 'team');
          const deliverable: NewDeliverable = file
            ? { kind: 'file', fileId: file.id, note: body.note }
            : body.url !== undefined
              ? { kind: 'link', url: body.url, note: body.note }
              : { kind: 'note', note: body.note };
          await steps.addDeliverable(body.milestoneID, noticeProject(project), user.id, deliverable);
          return reply(DELIVERABLE_MESSAGES.added, body.milestoneID);
        } catch (error) {
          // Refused after the bytes were stored: nothing of the request stays behind.
          if (file) await deps.storage.remove(file);
          throw error;
        }
      },
    );

    /** A file comes as multipart (its text fields beside it); a link or a note as JSON. */
    async function readDeliverable(
      user: AuthUser,
      request: Parameters<typeof readMultipart>[0],
    ): Promise<{
      body: { milestoneID: string; url?: string | undefined; note: string };
      file: StoredFileRow | null;
    }> {
      if (!request.isMultipart())
        return { body: parseOrBadRequest(ZAddDeliverableRequest, request.body), file: null };
      const parsed = await readMultipart(request, deps.storage, {
        files: DELIVERABLE_FILE_FIELD,
        ownerId: user.id,
      });
      const file = parsed.files.file?.[0] ?? null;
      try {
        const fields = lastValues(parsed.fields);
        return {
          body: file
            ? parseOrBadRequest(ZDeliverableFileFields, fields)
            : parseOrBadRequest(ZAddDeliverableRequest, fields),
          file,
        };
      } catch (error) {
        if (file) await deps.storage.remove(file);
        throw error;
      }
    }

    app.post(
      DELIVERABLE_PATHS.deliver,
      {
        preHandler: team,
        schema: {
          tags,
          security,
          summary: 'Mark a pending milestone, or one sent back, delivered (409 when delivered or approved)',
          body: ZMilestoneIdRequest,
          response: { 200: ZMilestoneWorkResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { project } = await access.milestoneFor(user, request.body.milestoneID, 'team');
        await steps.markDelivered(request.body.milestoneID, noticeProject(project), user.id);
        return reply(DELIVERABLE_MESSAGES.delivered, request.body.milestoneID);
      },
    );

    app.post(
      DELIVERABLE_PATHS.approve,
      {
        preHandler: decide,
        schema: {
          tags,
          security,
          summary:
            'Approve a delivered milestone (terminal); its invoice is issued when nothing bills it yet (409 milestone_not_delivered, milestone_approved)',
          body: ZMilestoneIdRequest,
          response: { 200: ZMilestoneWorkResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { project } = await access.milestoneFor(user, request.body.milestoneID, 'client');
        await steps.approve(request.body.milestoneID, noticeProject(project), user.id);
        return reply(DELIVERABLE_MESSAGES.approved, request.body.milestoneID);
      },
    );

    app.post(
      DELIVERABLE_PATHS.requestChanges,
      {
        preHandler: decide,
        schema: {
          tags,
          security,
          summary:
            'Ask for changes to a delivered milestone, with a comment (409 milestone_not_delivered, milestone_approved)',
          body: ZRequestChangesRequest,
          response: { 200: ZMilestoneWorkResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { milestoneID, comment } = request.body;
        const { project } = await access.milestoneFor(user, milestoneID, 'client');
        await steps.requestChanges(milestoneID, noticeProject(project), user.id, comment);
        return reply(DELIVERABLE_MESSAGES.changesRequested, milestoneID);
      },
    );

    app.get(
      DELIVERABLE_PATHS.files,
      {
        preHandler: deps.guards.requireUser,
        schema: {
          tags,
          security,
          summary:
            'Every file shared on a project (its request, its chat, its deliverables), newest first, in keyset pages; who shared it and when',
          querystring: ZProjectFilesQuery,
          response: { 200: ZProjectFilesResponse },
        },
      },
      async (request) => {
        const found = await access.readableProject(currentUser(request), request.query.projectID);
        const page = await projectFilesPage(
          db,
          { id: found.project.id, orderId: found.project.orderId },
          request.query,
        );
        return { status: 'ok' as const, files: page.items, nextCursor: page.nextCursor };
      },
    );
  };
