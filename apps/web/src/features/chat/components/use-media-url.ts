import { useEffect, useState } from 'react';
import { getAccessToken } from '../../../lib/session';

/**
 * Chat media needs credentials (bearer or chat session header), which an <img src> cannot send,
 * so the bytes are fetched and shown from a blob URL that is revoked on unmount.
 */
export function useMediaUrl(path: string | null, headers: Record<string, string>) {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  const headerKey = JSON.stringify(headers);

  useEffect(() => {
    if (!path) return;
    let revoked = false;
    let objectUrl: string | null = null;
    const requestHeaders: Record<string, string> = JSON.parse(headerKey);
    const access = getAccessToken();
    if (access && Object.keys(requestHeaders).length === 0) requestHeaders.Authorization = `Bearer ${access}`;
    fetch(path, { headers: requestHeaders })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, failed: false });
      })
      .catch(() => {
        if (!revoked) setState({ url: null, failed: true });
      });
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, headerKey]);

  return state;
}
