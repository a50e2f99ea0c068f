import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../../components/toast/toast-provider';
import { queryClient } from './query-client';
import { SessionCacheSync } from './session-cache-sync';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCacheSync />
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
