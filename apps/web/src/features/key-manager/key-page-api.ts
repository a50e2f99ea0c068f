import { KEY_PAGE_PATHS, ZKeyDetailResponse, ZKeyHistoryResponse } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';
import { LIST_POLL_MS } from './api';

/** Under the feature's key, so every Key Manager change (suspend, expiry, customer) refreshes the page. */
const KEY_PAGE = ['key-manager', 'key-page'] as const;
export const HISTORY_PAGE_SIZE = 20;

const keyPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** The route of one key's page; the Keys tab links each key to it. */
export const keyPagePath = (id: string) => `/store/key-manager/keys/${encodeURIComponent(id)}`;

/** One key with everything it carries; polled like the key list, so REST changes show within 3 s. */
export function useKeyDetail(id: string) {
  return useQuery({
    queryKey: [...KEY_PAGE, id],
    queryFn: ({ signal }) =>
      apiRequest(keyPath(KEY_PAGE_PATHS.key, id), { schema: ZKeyDetailResponse, signal }),
    select: (reply) => reply.key,
    refetchInterval: LIST_POLL_MS,
  });
}

/** One page of the key's history, newest first. */
export function useKeyHistory(id: string, cursor: string | undefined) {
  return useQuery({
    queryKey: [...KEY_PAGE, id, 'history', cursor ?? null],
    queryFn: ({ signal }) =>
      apiRequest(withQuery(keyPath(KEY_PAGE_PATHS.history, id), { limit: HISTORY_PAGE_SIZE, cursor }), {
        schema: ZKeyHistoryResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_POLL_MS,
  });
}
