import { UPLOAD_LIMITS } from '@app/contract';
import type { FileFieldSpec } from '../../platform/http/multipart.js';

/** Storage purposes of order uploads; their download policy is the project access rule. */
export const PROPOSAL_PURPOSE = 'project-proposal';
export const DESIGN_PURPOSE = 'project-design';

/**
 * The limits of decision 005, judged from content by Storage: proposals PDF/DOC/DOCX/ODT ≤ 20 MB;
 * designs ≤ 50 MB, 10 at most.
 */
export const ORDER_FILE_FIELDS: Record<'proposal' | 'designFiles', FileFieldSpec> = {
  proposal: {
    purpose: PROPOSAL_PURPOSE,
    maxCount: 1,
    rules: {
      label: 'Proposal',
      maxBytes: UPLOAD_LIMITS.proposalMaxBytes,
      allowedTypes: UPLOAD_LIMITS.proposalTypes,
    },
  },
  designFiles: {
    purpose: DESIGN_PURPOSE,
    maxCount: UPLOAD_LIMITS.designMaxFiles,
    rules: {
      label: 'Design file',
      maxBytes: UPLOAD_LIMITS.designMaxBytes,
      allowedTypes: UPLOAD_LIMITS.designTypes,
    },
  },
};
