import { DELIVERABLE_LIMITS } from '@app/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { milestoneDeliverables } from '../../../db/schema/index.js';
import type { FileFieldSpec } from '../../../platform/http/multipart.js';
import type { FileAccessPolicy } from '../../../platform/storage/access.js';
import type { ProjectService } from '../service.js';

/** The storage purpose of deliverable files; its download policy is the project's reading rule. */
export const DELIVERABLE_PURPOSE = 'project-deliverable';

/** The multipart field a deliverable's file comes in, with its limits. */
export const DELIVERABLE_FILE_FIELD: Record<string, FileFieldSpec> = {
  file: {
    purpose: DELIVERABLE_PURPOSE,
    maxCount: 1,
    rules: {
      label: 'Deliverable',
      maxBytes: DELIVERABLE_LIMITS.fileMaxBytes,
      allowedTypes: DELIVERABLE_LIMITS.fileTypes,
    },
  },
};

/**
 * Who may download a deliverable's file (GET /api/v1/files/:id): whoever may see its project — the
 * client account's members whose role sees projects, the staff assigned to it, admins. A file not
 * (or no longer) attached to a deliverable is nobody's.
 */
export function deliverableFilePolicy(db: Db, projects: ProjectService): FileAccessPolicy {
  return async (file, user) => {
    if (!user) return false;
    const [deliverable] = await db
      .select({ projectId: milestoneDeliverables.projectId })
      .from(milestoneDeliverables)
      .where(eq(milestoneDeliverables.fileId, file.id))
      .limit(1);
    return Boolean(deliverable && (await projects.canAccessProject(user, deliverable.projectId)));
  };
}
