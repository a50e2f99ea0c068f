import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { SessionCacheSync } from './session-cache-sync';
import { ToastProvider } from './toast-provider';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCacheSync />
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
