import {
  PROPERTY_FIELDS,
  PROPERTY_IMAGE_LIMITS,
  type PropertyFields,
  type PropertyKind,
  ZPropertyUpdateExtras,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { StoredFileRow } from '../../db/schema/index.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { validationError } from '../../platform/http/validation.js';
import type { Storage, UploadRules } from '../../platform/storage/storage.js';

export const PROPERTY_IMAGE_PURPOSE = 'property-image';

const rules = (label: string): UploadRules => ({
  maxBytes: PROPERTY_IMAGE_LIMITS.maxBytes,
  allowedTypes: PROPERTY_IMAGE_LIMITS.types,
  label,
});

export interface ListingForm {
  fields: PropertyFields;
  /** Set on updates: the listing and the photos to drop. */
  update: { id: string; removeImages: string[] } | null;
  thumbnail: StoredFileRow | null;
  images: StoredFileRow[];
  /** Removes every file this request stored: call it when the request fails after reading. */
  discard(): Promise<void>;
}

/** The text fields of a listing's update form: its kind's fields, the listing and the photos to drop. */
export const listingUpdateFields = (kind: PropertyKind) =>
  PROPERTY_FIELDS[kind].extend(ZPropertyUpdateExtras.shape);

/**
 * Reads a listing's multipart form (docs/product-contract.md §Entities, House add form: fields,
 * `thumbnail`, `image-N`): photos stream through Storage (content-sniffed, size-checked), fields are
 * checked with the contract's schema. Anything refused removes the files already stored.
 */
export async function readListingForm(
  request: FastifyRequest,
  storage: Storage,
  kind: PropertyKind,
  ownerId: string,
  mode: 'add' | 'update',
): Promise<ListingForm> {
  const body = await readMultipart(request, storage, {
    files: {
      thumbnail: { rules: rules('Thumbnail'), purpose: PROPERTY_IMAGE_PURPOSE, maxCount: 1 },
      image: {
        rules: rules('Image'),
        purpose: PROPERTY_IMAGE_PURPOSE,
        maxCount: PROPERTY_IMAGE_LIMITS.maxImages,
      },
    },
    match: (name) => (/^image-\d{1,2}$/.test(name) ? 'image' : undefined),
    ownerId,
  });
  const thumbnail = body.files.thumbnail?.[0] ?? null;
  const images = body.files.image ?? [];
  const discard = async () => {
    await Promise.all([thumbnail, ...images].filter((f) => f !== null).map((file) => storage.remove(file)));
  };
  const schema = mode === 'add' ? PROPERTY_FIELDS[kind] : listingUpdateFields(kind);
  const parsed = schema.safeParse(body.fields);
  if (!parsed.success) {
    await discard();
    throw validationError(parsed.error.issues);
  }
  const data = parsed.data as PropertyFields & { id?: string; removeImages?: string[] };
  const { id, removeImages, ...fields } = data;
  return {
    fields: fields as PropertyFields,
    update: mode === 'update' && id ? { id, removeImages: removeImages ?? [] } : null,
    thumbnail,
    images,
    discard,
  };
}
