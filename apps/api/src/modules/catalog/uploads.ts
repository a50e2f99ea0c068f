import { PRODUCT_MEDIA_MAX } from '@app/contract';
import type { FileFieldSpec } from '../../platform/http/multipart.js';

/** Storage purposes: media are public (the store shows them); executables are for admins until sold. */
export const PRODUCT_MEDIA_PURPOSE = 'product-media';
export const PRODUCT_EXECUTABLE_PURPOSE = 'product-executable';

const EXECUTABLE_TYPES = [
  'application/zip',
  'application/java-archive',
  'application/x-msdownload',
  'application/vnd.microsoft.portable-executable',
  'application/x-elf',
  'application/x-executable',
  'application/x-sharedlib',
  'application/x-mach-binary',
  'application/x-apple-diskimage',
  'application/vnd.android.package-archive',
  'application/x-deb',
  'application/x-rpm',
  'application/gzip',
  'application/x-tar',
  'application/x-xz',
  'application/x-7z-compressed',
  'application/x-msi',
  'application/x-cfb',
] as const;

const executable = (label: string): FileFieldSpec => ({
  purpose: PRODUCT_EXECUTABLE_PURPOSE,
  maxCount: 1,
  rules: { label, maxBytes: 50 * 1024 * 1024, allowedTypes: EXECUTABLE_TYPES },
});

export const PRODUCT_FILE_FIELDS: Record<string, FileFieldSpec> = {
  applicationExecutable: executable('Executable'),
  media: {
    purpose: PRODUCT_MEDIA_PURPOSE,
    maxCount: PRODUCT_MEDIA_MAX,
    rules: {
      label: 'Media file',
      maxBytes: 50 * 1024 * 1024,
      allowedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'video/webm'],
    },
  },
};

/** `media-1` … `media-4` share one spec (and its count of 4). */
export const matchMediaField = (name: string) =>
  new RegExp(`^media-[1-${PRODUCT_MEDIA_MAX}]$`).test(name) ? 'media' : undefined;

export const UPDATE_FILE_FIELDS: Record<string, FileFieldSpec> = { file: executable('Update file') };
