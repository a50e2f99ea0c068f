import { useEffect, useState } from 'react';
import { ApiError } from './api-error';
import { getAccessToken } from './session';

/** The one download route for uploaded files (the server checks who may read each file). */
export const filePath = (id: string) => `/api/v1/files/${encodeURIComponent(id)}`;

/**
 * Fetches a file that needs credentials. An <img src> or <a href> cannot send them, so the bytes
 * come through fetch: the bearer token by default, or the given headers (e.g. a chat session token).
 */
export async function fetchProtectedBlob(
  path: string,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Blob> {
  const headers: Record<string, string> = { ...options.headers };
  const access = getAccessToken();
  if (access && Object.keys(headers).length === 0) headers.Authorization = `Bearer ${access}`;
  const response = await fetch(path, { headers, signal: options.signal });
  if (!response.ok) throw new ApiError(response.status, 'This file is not available.');
  return response.blob();
}

/** Saves a protected file under `name`. */
export async function downloadProtectedFile(path: string, name: string): Promise<void> {
  saveBlob(await fetchProtectedBlob(path), name);
}

/** Saves bytes the page holds (a fetched file, a CSV it wrote) under `name` through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An object URL for a protected file, revoked when the component unmounts or the path changes. */
export function useProtectedObjectUrl(
  path: string | null | undefined,
  headers: Record<string, string> = {},
): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  const headerKey = JSON.stringify(headers);
  useEffect(() => {
    if (!path) {
      setState({ url: null, failed: false });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchProtectedBlob(path, { headers: JSON.parse(headerKey), signal: controller.signal })
      .then((blob) => {
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, headerKey]);
  return state;
}
