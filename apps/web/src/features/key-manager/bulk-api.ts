import {
  type BulkPhase,
  type ExportKeysQuery,
  type ImportKeysRequest,
  type IssueKeysRequest,
  KEY_BULK_PATHS,
  ZImportKeysResponse,
  ZIssueKeysResponse,
} from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiProgressRequest } from '../../lib/api-progress';
import { withQuery } from '../../lib/with-query';

const KM = ['key-manager'] as const;

/** Where a bulk call is: the file going up (percent), then the server's rows checked and keys written. */
export interface BulkStep {
  phase: 'uploading' | BulkPhase;
  done: number;
  total: number;
}

/** A step for each progress line; null until the first one (and again when a new call starts). */
function useBulkSteps() {
  const [step, setStep] = useState<BulkStep | null>(null);
  return {
    step,
    reset: () => setStep(null),
    onUpload: (percent: number) => setStep({ phase: 'uploading', done: percent, total: 100 }),
    onProgress: ({ phase, done, total }: BulkStep) => setStep({ phase, done, total }),
  };
}

/**
 * Issues keys from a policy, with the server's progress (a line per 1,000 keys written, issue 26).
 * Always as JSON: the dialog writes the CSV from the reply itself, so downloading it never issues a
 * second batch.
 */
export function useIssueKeys() {
  const client = useQueryClient();
  const steps = useBulkSteps();
  const mutation = useMutation({
    mutationFn: (body: Omit<IssueKeysRequest, 'format'>) => {
      steps.reset();
      return apiProgressRequest(KEY_BULK_PATHS.issueKeys, {
        body: { ...body, format: 'json' },
        schema: ZIssueKeysResponse,
        onProgress: steps.onProgress,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: KM }),
  });
  return { ...mutation, step: steps.step };
}

/**
 * A dry run (nothing written) or the import itself, with the upload's progress and then the server's
 * (rows checked, keys written); only the import changes the lists.
 */
export function useImportKeys() {
  const client = useQueryClient();
  const steps = useBulkSteps();
  const mutation = useMutation({
    mutationFn: (body: ImportKeysRequest) => {
      steps.reset();
      return apiProgressRequest(KEY_BULK_PATHS.importKeys, {
        body,
        schema: ZImportKeysResponse,
        onUpload: steps.onUpload,
        onProgress: steps.onProgress,
      });
    },
    onSettled: (_reply, _error, body) => {
      if (body.dryRun === false) void client.invalidateQueries({ queryKey: KM });
    },
  });
  return { ...mutation, step: steps.step };
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
