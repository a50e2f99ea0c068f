import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  analyticsFilterFields,
  KEY_MANAGER_PUBLIC_OPERATIONS,
  type KeyManagerPublicOperation,
  REQUEST_OUTCOME_KINDS,
  ZRequestLogQuery,
} from '@app/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The Analytics tab's state lives in the address (?tab=analytics&view=requests&period=30d&product=…),
 * so a view can be shared and survives a reload. Values the contract would refuse are ignored, so a
 * hand-edited address shows the default view rather than an error.
 */
export type AnalyticsView = 'charts' | 'requests';

export interface AnalyticsFilters {
  view: AnalyticsView;
  period: AnalyticsPeriod;
  productId: string | undefined;
  apiKeyId: string | undefined;
  keyId: string | undefined;
  operation: KeyManagerPublicOperation | undefined;
  kind: (typeof REQUEST_OUTCOME_KINDS)[number] | undefined;
  outcome: string | undefined;
  from: string | undefined;
  to: string | undefined;
}

/** Each filter's name in the address. */
const PARAM: Record<keyof AnalyticsFilters, string> = {
  view: 'view',
  period: 'period',
  productId: 'product',
  apiKeyId: 'apiKey',
  keyId: 'key',
  operation: 'operation',
  kind: 'kind',
  outcome: 'outcome',
  from: 'from',
  to: 'to',
};

const uuidOrNone = (value: string | null, schema: typeof analyticsFilterFields.productId) =>
  value && schema.safeParse(value).success ? value : undefined;
const oneOf = <T extends string>(value: string | null, options: readonly T[]): T | undefined =>
  options.includes(value as T) ? (value as T) : undefined;
const valid = <K extends 'outcome' | 'from' | 'to'>(key: K, value: string | null) =>
  value && ZRequestLogQuery.shape[key].safeParse(value).success ? value : undefined;

export function readFilters(params: URLSearchParams): AnalyticsFilters {
  return {
    view: params.get(PARAM.view) === 'requests' ? 'requests' : 'charts',
    period: oneOf(params.get(PARAM.period), Object.keys(ANALYTICS_PERIODS) as AnalyticsPeriod[]) ?? '7d',
    productId: uuidOrNone(params.get(PARAM.productId), analyticsFilterFields.productId),
    apiKeyId: uuidOrNone(params.get(PARAM.apiKeyId), analyticsFilterFields.apiKeyId),
    keyId: uuidOrNone(params.get(PARAM.keyId), analyticsFilterFields.keyId),
    operation: oneOf(params.get(PARAM.operation), KEY_MANAGER_PUBLIC_OPERATIONS),
    kind: oneOf(params.get(PARAM.kind), REQUEST_OUTCOME_KINDS),
    outcome: valid('outcome', params.get(PARAM.outcome)),
    from: valid('from', params.get(PARAM.from)),
    to: valid('to', params.get(PARAM.to)),
  };
}

/** The filters from the address, and a setter that changes some of them and keeps the rest (and the tab). */
export function useAnalyticsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const change = useCallback(
    (patch: Partial<AnalyticsFilters>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            const name = PARAM[key as keyof AnalyticsFilters];
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, change };
}
