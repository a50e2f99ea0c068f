import { useEffect } from 'react';
import { useServerHead } from '../../../lib/ssr/server-head';

/** Sets the tab title while the page is shown and restores the previous one after. */
export function useDocumentTitle(title: string): void {
  useServerHead({ title });
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
