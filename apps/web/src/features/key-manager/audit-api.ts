import { type AuditAction, KEY_AUDIT_PATHS, ZKeyAuditResponse } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

export interface AuditFilters {
  action?: AuditAction | undefined;
  search?: string | undefined;
}

/** One page of the Key Manager's audit log (decision 037), newest first. */
export function useKeyAuditLog(cursor: string | undefined, filters: AuditFilters) {
  const body = { cursor, action: filters.action, search: filters.search || undefined };
  return useQuery({
    queryKey: ['key-manager', 'audit-log', body],
    queryFn: ({ signal }) =>
      apiRequest(KEY_AUDIT_PATHS.auditLog, { body, schema: ZKeyAuditResponse, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV download of the same filters (at most 10,000 events). */
export const auditCsvPath = (filters: AuditFilters) =>
  withQuery(KEY_AUDIT_PATHS.auditLogCsv, { action: filters.action, search: filters.search || undefined });
