import { ApiError } from '../../../lib/api-error';
import { getAccessToken } from '../../../lib/session';

/** Downloads an uploaded file through the one file route; the bearer token proves who may read it. */
export async function downloadFile(id: string, name: string): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(`/api/v1/files/${encodeURIComponent(id)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new ApiError(response.status, 'This file is not available.');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
