import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // 4xx answers will not change on retry; only transient failures are retried.
      retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});
