import type { z } from 'zod';
import { failureError, refreshSession } from './api-client';
import { ApiError } from './api-error';
import { getAccessToken } from './session';

export interface UploadOptions<S extends z.ZodType> {
  /** Parses the success reply; the contract schema for this call. */
  schema: S;
  /** Percent sent, 0–100 with two decimals (docs/product-contract.md §States, upload progress). */
  onProgress?: (percent: number) => void;
  /** Extra headers, e.g. a chat session token for visitors. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** PUT for a route that replaces one file (a logo); POST by default. */
  method?: 'POST' | 'PUT';
}

/** 0–100 with two decimals. */
export function progressPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((loaded / total) * 10_000) / 100);
}

function post(path: string, form: FormData, options: UploadOptions<z.ZodType>) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const access = getAccessToken();
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(progressPercent(event.loaded, event.total));
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
    xhr.onerror = () => reject(new TypeError('Network error during upload'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * The one multipart upload with progress (fetch cannot report upload progress, so this uses XHR).
 * Same envelope, errors and single silent refresh on 401 as apiRequest().
 */
export async function apiUpload<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: UploadOptions<S>,
): Promise<z.output<S>> {
  let reply = await post(path, form, options);
  if (reply.status === 401 && (await refreshSession())) {
    options.onProgress?.(0);
    reply = await post(path, form, options);
  }
  if (reply.status < 200 || reply.status >= 300) throw failureError(reply.status, reply.body);
  const parsed = options.schema.safeParse(reply.body);
  if (!parsed.success) throw new ApiError(reply.status, 'Unexpected reply from the server.');
  options.onProgress?.(100);
  return parsed.data;
}
