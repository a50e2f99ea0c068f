import { PROPERTY_IMAGE_LIMITS } from '@app/contract';

/** The server decides from the bytes; this only spares the user a long upload that will be refused. */
export function photoProblem(file: File): string | null {
  if (!(PROPERTY_IMAGE_LIMITS.types as readonly string[]).includes(file.type)) {
    return `${file.name}: choose a JPEG, PNG, WebP or GIF image`;
  }
  if (file.size > PROPERTY_IMAGE_LIMITS.maxBytes) {
    return `${file.name} is larger than ${PROPERTY_IMAGE_LIMITS.maxBytes / 1048576} MB`;
  }
  return null;
}
