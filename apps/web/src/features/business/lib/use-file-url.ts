import { filePath, useProtectedObjectUrl } from '../../../lib/protected-file';

/** An object URL for a stored property photo (private to the owner, assigned agents and admins). */
export function useFileUrl(fileId: string | null | undefined): { url: string | null; failed: boolean } {
  return useProtectedObjectUrl(fileId ? filePath(fileId) : null);
}
