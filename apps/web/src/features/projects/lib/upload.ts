import { ZFailedResponse } from '@app/contract';
import type { z } from 'zod';
import { refreshSession } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { getAccessToken, getRefreshToken } from '../../../lib/session';

/**
 * A multipart POST with upload progress (0–100). fetch() cannot report upload progress, so this
 * uses XMLHttpRequest, with the same envelope, bearer token and one silent refresh as apiRequest.
 */
export async function uploadWithProgress<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress: (percent: number) => void,
): Promise<z.output<S>> {
  let result = await send(path, form, onProgress);
  if (result.status === 401 && getRefreshToken() && (await refreshSession())) {
    onProgress(0);
    result = await send(path, form, onProgress);
  }
  const failed = ZFailedResponse.safeParse(result.body);
  if (result.status < 200 || result.status >= 300 || failed.success) {
    const message = failed.success
      ? failed.data.message
      : result.status === 413
        ? 'The upload is too large.'
        : `Upload failed (${result.status})`;
    throw new ApiError(result.status, message);
  }
  const parsed = schema.safeParse(result.body);
  if (!parsed.success) throw new ApiError(result.status, 'Unexpected reply from the server.');
  return parsed.data;
}

function send(path: string, form: FormData, onProgress: (percent: number) => void) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 10000) / 100);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.send(form);
  });
}
