import { useEffect, useState } from 'react';
import { getAccessToken } from '../../../lib/session';

/**
 * An object URL for a stored file. Downloads go through GET /api/v1/files/:id with the bearer
 * token (an <img src> cannot send it), so private photos of the owner and agents still show.
 */
export function useFileUrl(fileId: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!fileId) {
      setState({ url: null, failed: false });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = getAccessToken();
    fetch(`/api/v1/files/${encodeURIComponent(fileId)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        objectUrl = URL.createObjectURL(await response.blob());
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId]);
  return state;
}
