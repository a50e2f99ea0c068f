import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SITE_CONFIG_KEY } from '../../lib/brand';
import { useSession } from '../../lib/use-session';

/** Drops per-user query data when the signed-in user changes, so nobody sees the previous user's data. */
export function SessionCacheSync() {
  const { subject } = useSession();
  const queryClient = useQueryClient();
  const previous = useRef(subject);

  useEffect(() => {
    if (previous.current === subject) return;
    previous.current = subject;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SITE_CONFIG_KEY[0] });
  }, [subject, queryClient]);

  return null;
}
