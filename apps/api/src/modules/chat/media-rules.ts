import { CHAT_LIMITS } from '@app/contract';
import type { FileFieldSpec } from '../../platform/http/multipart.js';

export const CS_MEDIA_PURPOSE = 'customer-service-media';
export const PROJECT_CHAT_MEDIA_PURPOSE = 'project-chat-media';

const rules = {
  maxBytes: CHAT_LIMITS.mediaMaxBytes,
  allowedTypes: CHAT_LIMITS.mediaTypes,
  label: 'Media file',
};

/** Decision 010's limits: images, MP4 video and PDF up to 40 MB, judged from the bytes. */
export const mediaField = (purpose: string): Record<string, FileFieldSpec> => ({
  media: { rules, purpose, maxCount: 1 },
});
