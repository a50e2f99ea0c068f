import {
  type ExportKeysQuery,
  type ImportKeysRequest,
  type IssueKeysRequest,
  KEY_BULK_PATHS,
  ZImportKeysResponse,
  ZIssueKeysResponse,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { withQuery } from '../../lib/with-query';

const KM = ['key-manager'] as const;

/**
 * Issues keys from a policy. Always as JSON: the dialog writes the CSV from the reply itself, so
 * downloading it never issues a second batch.
 */
export function useIssueKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<IssueKeysRequest, 'format'>) =>
      apiRequest(KEY_BULK_PATHS.issueKeys, { body: { ...body, format: 'json' }, schema: ZIssueKeysResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: KM }),
  });
}

/** A dry run (nothing written) or the import itself; only the import changes the lists. */
export function useImportKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportKeysRequest) =>
      apiRequest(KEY_BULK_PATHS.importKeys, { body, schema: ZImportKeysResponse }),
    onSettled: (_reply, _error, body) => {
      if (body.dryRun === false) void client.invalidateQueries({ queryKey: KM });
    },
  });
}

/** The export's address with the Keys tab's filters that the export understands. */
export function exportKeysPath(query: ExportKeysQuery): string {
  return withQuery(KEY_BULK_PATHS.exportKeys, {
    product_id: query.product_id,
    customer: query.customer,
    status: query.status,
    is_active: query.is_active,
    at_limit: query.at_limit,
    search: query.search,
  });
}
