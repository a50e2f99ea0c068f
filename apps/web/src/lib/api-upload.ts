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

/** What `sendWithProgress` needs beside the body: headers, progress callbacks and cancellation. */
export interface XhrOptions {
  method?: 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** Percent of the request body sent, 0–100 with two decimals. */
  onProgress?: (percent: number) => void;
  /** The reply's text so far, each time more of it arrives (a streamed reply read as it comes). */
  onText?: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * One request over XHR, the app's only way to see a request body's upload progress (fetch cannot)
 * and a reply's text as it arrives. Bearer token as apiRequest sends it; the reply's status and text.
 */
export function sendWithProgress(path: string, body: XMLHttpRequestBodyInit, options: XhrOptions) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const access = getAccessToken();
    if (access) xhr.setRequestHeader('Authorization', `Bearer ${access}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(progressPercent(event.loaded, event.total));
    };
    if (options.onText) xhr.onprogress = () => options.onText?.(xhr.responseText);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network error during upload'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

async function post(path: string, form: FormData, options: UploadOptions<z.ZodType>) {
  const { status, text } = await sendWithProgress(path, form, options);
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status, body };
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
