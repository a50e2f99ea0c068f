import { CHAT_LIMITS, PROPERTY_IMAGE_LIMITS, UPLOAD_LIMITS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { PRODUCT_FILE_FIELDS } from '../../modules/catalog/uploads.js';
import { wrongTypeMessage } from './type-labels.js';

describe('wrong-type upload messages', () => {
  it.each([
    ['proposals', UPLOAD_LIMITS.proposalTypes, 'Upload a PDF, DOC, DOCX or ODT file'],
    ['design files', UPLOAD_LIMITS.designTypes, 'Upload a PNG, JPEG, GIF, WebP, PDF or ZIP file'],
    ['chat media', CHAT_LIMITS.mediaTypes, 'Upload a PNG, JPEG, GIF, WebP, MP4 or PDF file'],
    ['listing photos', PROPERTY_IMAGE_LIMITS.types, 'Upload a JPEG, PNG, WebP or GIF file'],
    [
      'product executables',
      PRODUCT_FILE_FIELDS.applicationExecutable?.rules.allowedTypes ?? [],
      'Upload a ZIP, JAR, EXE, ELF, Mach-O, DMG, APK, DEB, RPM, GZ, TAR, XZ, 7Z or MSI file',
    ],
    ['video first', ['video/mp4', 'image/png'], 'Upload an MP4 or PNG file'],
    ['an unlisted type', ['application/x-bar'], 'Upload a BAR file'],
  ])('%s', (_name, types, message) => {
    expect(wrongTypeMessage(types)).toBe(message);
  });
});
