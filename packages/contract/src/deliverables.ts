import { z } from 'zod';
import { MILESTONE_STATUSES } from './deals.js';
import { zNextCursor, zPageQuery } from './pagination.js';

/**
 * Deliverables on a project's milestones, the client's approval, and the project's files (decision
 * 035, amendment of 2026-11-28). The team (admins, staff assigned to the project) posts files, links
 * and notes on a milestone; the client's people whose role may change projects approve it or ask for
 * changes. Not in the spec: docs/api.md lists the routes.
 */
export const DELIVERABLE_PATHS = {
  /** A project's milestones with their deliverables and history (no amounts: staff see it too). */
  list: '/api/v1/projects/deliverables',
  /** The team posts a deliverable: multipart (a file) or JSON (a link or a note). */
  add: '/api/v1/projects/deliverables/add',
  /** The team marks a milestone delivered without posting anything new. */
  deliver: '/api/v1/projects/milestones/deliver',
  /** The client approves a delivered milestone (its invoice is issued if it has none). */
  approve: '/api/v1/user/milestones/approve',
  /** The client asks for changes to a delivered milestone, with a comment. */
  requestChanges: '/api/v1/user/milestones/request-changes',
  /** Every file shared on a project (its request, its chat, its deliverables), newest first. */
  files: '/api/v1/projects/files',
} as const;

export const DELIVERABLE_MESSAGES = {
  added: 'Deliverable added',
  delivered: 'Milestone marked delivered',
  approved: 'Milestone approved',
  changesRequested: 'Changes requested',
} as const;

/** Deliverable files: documents, images, video and archives, judged from their bytes. */
export const DELIVERABLE_LIMITS = {
  fileMaxBytes: 50 * 1024 * 1024,
  fileTypes: [
    'application/pdf',
    'application/zip',
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'video/mp4',
    'application/x-cfb',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.oasis.opendocument.text',
    'text/plain',
  ],
  noteMax: 2000,
  commentMax: 2000,
  urlMax: 2000,
} as const;

export const DELIVERABLE_KINDS = ['file', 'link', 'note'] as const;
export type DeliverableKind = (typeof DELIVERABLE_KINDS)[number];
export const MILESTONE_EVENT_KINDS = ['delivered', 'changes requested', 'approved'] as const;
export type MilestoneEventKind = (typeof MILESTONE_EVENT_KINDS)[number];

const zId = (label: string) => z.uuid(`${label} is not valid`);
const zNote = z
  .string()
  .trim()
  .max(DELIVERABLE_LIMITS.noteMax, `A note must be at most ${DELIVERABLE_LIMITS.noteMax} characters`);
const zUrl = z
  .string()
  .trim()
  .max(DELIVERABLE_LIMITS.urlMax, `A link must be at most ${DELIVERABLE_LIMITS.urlMax} characters`)
  .refine(
    (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
    'A link must be an http(s) address',
  );

/**
 * A deliverable as JSON: a link (with an optional note) or a note. A file comes as multipart: the
 * same fields (`milestoneID`, optional `note`) and the file under `file`.
 */
export const ZAddDeliverableRequest = z
  .strictObject({
    milestoneID: zId('Milestone'),
    url: z.preprocess((value) => (value === '' ? undefined : value), zUrl.optional()),
    note: zNote.default(''),
  })
  .refine((body) => body.url !== undefined || body.note.length > 0, {
    message: 'Add a file, a link or a note',
    path: ['note'],
  });
export type AddDeliverableRequest = z.input<typeof ZAddDeliverableRequest>;

/** The text fields of the multipart form that carries a file. */
export const ZDeliverableFileFields = z.strictObject({
  milestoneID: zId('Milestone'),
  note: zNote.default(''),
});

export const ZMilestoneIdRequest = z.strictObject({ milestoneID: zId('Milestone') });
export const ZRequestChangesRequest = z.strictObject({
  milestoneID: zId('Milestone'),
  comment: z
    .string('Say what should change')
    .trim()
    .min(1, 'Say what should change')
    .max(
      DELIVERABLE_LIMITS.commentMax,
      `The comment must be at most ${DELIVERABLE_LIMITS.commentMax} characters`,
    ),
});
export type RequestChangesRequest = z.input<typeof ZRequestChangesRequest>;

export const ZDeliverablesQuery = z.strictObject({ projectID: zId('Project') });

const ZPerson = z.object({ id: z.string(), name: z.string() });

export const ZDeliverable = z.object({
  id: z.string(),
  kind: z.enum(DELIVERABLE_KINDS),
  /** The stored file (download: GET /api/v1/files/:id) of a file deliverable. */
  file: z
    .object({ id: z.string(), name: z.string(), mimeType: z.string(), size: z.number().int() })
    .nullable(),
  url: z.string().nullable(),
  note: z.string(),
  /** Who posted it; null once their account is gone. */
  by: ZPerson.nullable(),
  createdAt: z.string(),
});
export type Deliverable = z.infer<typeof ZDeliverable>;

export const ZMilestoneEvent = z.object({
  id: z.string(),
  kind: z.enum(MILESTONE_EVENT_KINDS),
  /** The client's comment when they asked for changes. */
  comment: z.string().nullable(),
  by: ZPerson.nullable(),
  at: z.string(),
});
export type MilestoneEvent = z.infer<typeof ZMilestoneEvent>;

/** A milestone as the team and the client work on it: no amount or invoice (see QUOTE_PATHS.milestones). */
export const ZMilestoneWork = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  dueDate: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  deliverables: z.array(ZDeliverable),
  /** Oldest first. */
  history: z.array(ZMilestoneEvent),
});
export type MilestoneWork = z.infer<typeof ZMilestoneWork>;

export const ZDeliverablesResponse = z.object({
  status: z.literal('ok'),
  milestones: z.array(ZMilestoneWork),
});
export const ZMilestoneWorkResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  milestone: ZMilestoneWork,
});

export const FILE_SOURCES = ['request', 'chat', 'deliverable'] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

export const ZProjectFilesQuery = z.strictObject({ projectID: zId('Project'), ...zPageQuery });
export type ProjectFilesQuery = z.infer<typeof ZProjectFilesQuery>;

export const ZSharedFile = z.object({
  /** The stored file's id: download with GET /api/v1/files/:id. */
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  source: z.enum(FILE_SOURCES),
  /** Where it was shared: "Proposal", "Design", "Chat", or the milestone's title. */
  context: z.string(),
  sharedBy: ZPerson.nullable(),
  sharedAt: z.string(),
});
export type SharedFile = z.infer<typeof ZSharedFile>;

export const ZProjectFilesResponse = z.object({
  status: z.literal('ok'),
  files: z.array(ZSharedFile),
  nextCursor: zNextCursor,
});
