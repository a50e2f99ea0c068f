import { z } from 'zod';
import { LIMITS, zEmail, zName, zPassword } from './common.js';
import { DESIGN_TEMPLATE_IDS, DESIGN_TEMPLATES } from './design-templates.js';
import { zListSearch, zNextCursor, zPageQuery } from './pagination.js';

export const PROJECT_PATHS = {
  request: '/api/v1/user/project/request',
  applicationTypes: '/api/v1/application/types',
  userProjects: '/api/v1/user/projects',
  adminProjects: '/api/v1/admin/projects/get/all',
  adminEmployees: '/api/v1/admin/employees/get/all',
  adminDuration: '/api/v1/admin/project/duration',
  adminAssign: '/api/v1/admin/projects/action/assign/employees',
  adminApprove: '/api/v1/admin/project/approve',
  adminPaymentLink: '/api/v1/admin/projects/payment/link/add',
  adminUpdate: '/api/v1/admin/project/update',
  // Not in the spec (docs/api.md): payment terms, explicit status changes, dashboard counters.
  adminPaymentDetails: '/api/v1/admin/projects/payment/details',
  adminStatus: '/api/v1/admin/project/status',
  adminOverview: '/api/v1/admin/projects/overview',
  staffProjects: '/api/v1/staff/projects',
  staffUpdate: '/api/v1/staff/project/update',
} as const;

/** docs/product-contract.md §Messages: the success messages, exact. */
export const PROJECT_MESSAGES = {
  requested: 'success',
  approved: 'Project approved!',
  linkAdded: 'Link added successfully!',
  updated: 'Project Updated Successfully!',
  assigned: 'Employees assigned successfully!',
  durationSet: 'Duration set successfully!',
  paymentSaved: 'Payment details saved!',
  statusChanged: 'Status updated!',
} as const;

/**
 * docs/product-contract.md §States: project statuses; `status_number` is the 1-based position in this list.
 */
export const PROJECT_STATUSES = [
  'waiting for approval',
  'approved',
  'in progress',
  'complete',
  'finished',
] as const;
export const ZProjectStatus = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof ZProjectStatus>;

/**
 * Allowed status changes (docs/decisions/005). Approval is its own call; 'in progress' and
 * 'complete' also follow from progress updates; 'finished' is terminal.
 */
export const STATUS_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  'waiting for approval': ['approved'],
  approved: ['in progress'],
  'in progress': ['complete'],
  complete: ['in progress', 'finished'],
  finished: [],
};

export const UPLOAD_LIMITS = {
  proposalMaxBytes: 20 * 1024 * 1024,
  designMaxBytes: 50 * 1024 * 1024,
  designMaxFiles: 10,
  proposalTypes: [
    'application/pdf',
    'application/x-cfb',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.oasis.opendocument.text',
  ],
  designTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'application/zip'],
} as const;

const zHttpLink = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine(
      (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
      `${label} must be an http(s) link`,
    );

/** Multipart form values arrive as strings: a ticked box sends 'true' or 'on'. */
const zFlag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

const zOptionalLink = (label: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), zHttpLink(label).optional());

/**
 * Order page (docs/product-contract.md §Entities, §Validation): text fields of the multipart request. Files
 * are checked separately.
 */
export const ZProjectRequestFields = z
  .strictObject({
    android: zFlag.default(false),
    desktop: zFlag.default(false),
    web: zFlag.default(false),
    name: zName('Project name'),
    proposalLink: zOptionalLink('Proposal link'),
    designsLink: zOptionalLink('Designs link'),
    designTemplates: z
      .array(z.enum(DESIGN_TEMPLATE_IDS as [string, ...string[]], 'Unknown design template'))
      .max(DESIGN_TEMPLATES.length)
      .default([]),
  })
  .refine((body) => body.android || body.desktop || body.web, {
    message: 'Choose at least one platform',
    path: ['android'],
  });
export type ProjectRequestFields = z.output<typeof ZProjectRequestFields>;

/**
 * Customer-area variant (docs/product-contract.md §Entities, §Validation): exactly one of desktop, web,
 * combination, and a name.
 */
export const ZQuickProjectRequest = z
  .strictObject({
    desktop: z.boolean().default(false),
    web: z.boolean().default(false),
    combination: z.boolean().default(false),
    name: zName('Project name'),
  })
  .refine((body) => [body.desktop, body.web, body.combination].filter(Boolean).length === 1, {
    message: 'Choose one application type: desktop, web or combination',
    path: ['desktop'],
  });
export type QuickProjectRequest = z.input<typeof ZQuickProjectRequest>;

export const ZProjectRequestResponse = z.object({
  status: z.literal('ok'),
  message: z.string(),
  orderID: z.string(),
});

/** docs/product-contract.md §Entities (Application type): fixed reference data with stable ids. */
export const APPLICATION_TYPES = [
  { id: 1, name: 'Android' },
  { id: 2, name: 'Desktop' },
  { id: 3, name: 'Web' },
  { id: 4, name: 'Combination' },
] as const;
export const APPLICATION_TYPE_IDS = { android: 1, desktop: 2, web: 3, combination: 4 } as const;

export const ZApplicationType = z.object({ id: z.number().int(), name: z.string() });
export const ZApplicationTypesResponse = z.object({
  status: z.literal('ok'),
  applicationTypes: z.array(ZApplicationType),
});

export const ZProjectActivity = z.object({ id: z.string(), message: z.string(), date: z.string() });
export const ZProjectFile = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['proposal', 'design']),
  mimeType: z.string(),
  size: z.number().int(),
});

/**
 * docs/product-contract.md §Entities (Project), plus the activity list (notifications) and the order it
 * belongs to.
 */
export const ZProject = z.object({
  id: z.string(),
  orderID: z.string(),
  name: z.string(),
  status: ZProjectStatus,
  status_number: z.number().int(),
  type: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  frontendProgress: z.number().int().nullable(),
  backendProgress: z.number().int().nullable(),
  databaseProgress: z.number().int().nullable(),
  /** Money is integer cents (USD). */
  totalPayment: z.number().int().nullable(),
  recurringPayment: z.number().int().nullable(),
  term: z.string().nullable(),
  paymentInformation: z.string().nullable(),
  paymentLink: z.string().nullable(),
  proposal_link: z.string().nullable(),
  design_link: z.string().nullable(),
  employees: z.array(z.object({ id: z.string(), employeeName: z.string(), email: z.string() })),
  activities: z.array(ZProjectActivity),
});
export type Project = z.infer<typeof ZProject>;

export const ZOrder = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  proposal_link: z.string().nullable(),
  design_link: z.string().nullable(),
  designTemplates: z.array(z.string()),
  files: z.array(ZProjectFile),
  client: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  projects: z.array(ZProject),
});
export type Order = z.infer<typeof ZOrder>;

/**
 * GET /api/v1/user/projects: the caller's orders, newest first, in keyset pages (decision 030); `order`
 * asks for that one order (the project mails' link). No parameters: the first 50 orders.
 */
export const ZUserProjectsQuery = z.strictObject({
  order: z.uuid('Order is not a valid id').optional(),
  ...zPageQuery,
});
export type UserProjectsQuery = z.infer<typeof ZUserProjectsQuery>;

/** `data` keyed by order id, in page order (newest first); `nextCursor` null on the last page. */
export const ZUserProjectsResponse = z.object({
  status: z.literal('ok'),
  data: z.record(z.string(), ZOrder),
  nextCursor: zNextCursor,
});

/** A project with its order and client, for admin and staff lists. */
export const ZManagedProject = ZProject.extend({
  order: ZOrder.omit({ projects: true }),
});
export type ManagedProject = z.infer<typeof ZManagedProject>;
export const ZManagedProjectsResponse = z.object({
  status: z.literal('ok'),
  projects: z.array(ZManagedProject),
  /** Keyset pagination (decision 030): null on the last page. */
  nextCursor: zNextCursor,
});

/**
 * GET /api/v1/staff/projects (decision 030): the caller's assigned projects, newest order first, in keyset
 * pages; `search` matches the project's or its order's name. No parameters: the first 50.
 */
export const ZStaffProjectsQuery = z.strictObject({ search: zListSearch, ...zPageQuery });
export type StaffProjectsQuery = z.infer<typeof ZStaffProjectsQuery>;

/** Admin projects, newest first, in keyset pages; `search` matches project, client name/email or status. */
export const ZAdminProjectsQuery = z.strictObject({
  search: zListSearch,
  status: ZProjectStatus.optional(),
  ...zPageQuery,
});
export type AdminProjectsQuery = z.infer<typeof ZAdminProjectsQuery>;

/** Admin user lists (clients newest first, staff by name), in keyset pages; `search` matches name or email. */
export const ZAdminUsersQuery = z.strictObject({ search: zListSearch, ...zPageQuery });
export type AdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZEmployee = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  designation: z.string().nullable(),
});
export type Employee = z.infer<typeof ZEmployee>;
export const ZEmployeesResponse = z.object({ status: z.literal('ok'), employees: z.array(ZEmployee) });

const zId = z.string().trim().min(1, 'Project ID is required').max(64);
const zDate = z.iso.date('Dates must be YYYY-MM-DD');

export const ZDurationRequest = z
  .strictObject({ id: zId, from: zDate, to: zDate })
  .refine((body) => body.from <= body.to, {
    message: 'The end date must not be before the start date',
    path: ['to'],
  });
export type DurationRequest = z.infer<typeof ZDurationRequest>;

export const ZAssignRequest = z.strictObject({
  projectID: zId,
  empIds: z.array(z.string().max(64)).min(1, 'Choose at least one employee').max(50),
});
export const ZApproveRequest = z.strictObject({ projectID: zId });
export const ZPaymentLinkRequest = z.strictObject({
  projectID: zId,
  paymentLink: z
    .string()
    .trim()
    .max(2000)
    .refine(
      (value) => /^https:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
      'The payment link must be an https link',
    ),
});
const zPercent = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`);
export const ZProgressRequest = z.strictObject({
  projectID: zId,
  frontEnd: zPercent('Frontend progress'),
  backEnd: zPercent('Backend progress'),
  database: zPercent('Database progress'),
});
export type ProgressRequest = z.infer<typeof ZProgressRequest>;
export const ZPaymentDetailsRequest = z.strictObject({
  projectID: zId,
  totalPayment: z.number().int().min(0).max(1_000_000_000).nullable(),
  recurringPayment: z.number().int().min(0).max(1_000_000_000).nullable(),
  term: z.enum(['m', 'y']).nullable(),
  paymentInformation: z.string().trim().max(2000).nullable(),
});
export type PaymentDetailsRequest = z.infer<typeof ZPaymentDetailsRequest>;
export const ZStatusRequest = z.strictObject({ projectID: zId, status: ZProjectStatus });

export const ZProjectsOverviewResponse = z.object({
  status: z.literal('ok'),
  overview: z.object({
    byStatus: z.record(ZProjectStatus, z.number().int()),
    orders: z.number().int(),
    waitingApproval: z.number().int(),
    needDuration: z.number().int(),
    needEmployees: z.number().int(),
    needPaymentLink: z.number().int(),
  }),
});

// ---- Admin Users (not in the spec's call list; docs/api.md) ----
export const USER_ADMIN_PATHS = {
  staff: '/api/v1/admin/users/staff',
  createStaff: '/api/v1/admin/users/staff/create',
  setDisabled: '/api/v1/admin/users/disable',
  clients: '/api/v1/admin/users/clients',
  clientOrders: '/api/v1/admin/users/clients/orders',
} as const;

export const ZCreateStaffRequest = z.strictObject({
  firstName: zName('First name'),
  lastName: zName('Last name'),
  email: zEmail,
  password: zPassword,
  designation: z
    .string()
    .trim()
    .min(1, 'Designation is required')
    .max(LIMITS.nameMax, `Designation must be at most ${LIMITS.nameMax} characters`),
});
export type CreateStaffRequest = z.input<typeof ZCreateStaffRequest>;
export const ZSetDisabledRequest = z.strictObject({ userID: z.string().max(64), disabled: z.boolean() });

export const ZManagedUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  designation: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
  /** Staff: projects assigned. Clients: orders placed. */
  count: z.number().int(),
});
export type ManagedUser = z.infer<typeof ZManagedUser>;
export const ZManagedUsersResponse = z.object({
  status: z.literal('ok'),
  users: z.array(ZManagedUser),
  nextCursor: zNextCursor,
});
/**
 * One client's orders for the admin (decision 030): newest first in keyset pages; `search` matches the
 * order's name. The call with `userID` alone answers the first page and `nextCursor`.
 */
export const ZClientOrdersQuery = z.strictObject({
  userID: z.string().max(64),
  search: zListSearch,
  ...zPageQuery,
});
export type ClientOrdersQuery = z.infer<typeof ZClientOrdersQuery>;
export const ZClientOrdersResponse = z.object({
  status: z.literal('ok'),
  orders: z.array(ZOrder),
  nextCursor: zNextCursor,
});
