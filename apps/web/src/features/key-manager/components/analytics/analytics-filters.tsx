import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@app/contract';
import { Col, Form, Row } from 'react-bootstrap';
import { useApiKeys } from '../../api';
import { useProductOptions } from '../../products-api';
import type { AnalyticsFilters } from './analytics-url';

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

interface AnalyticsFiltersProps {
  filters: AnalyticsFilters;
  onChange: (patch: Partial<AnalyticsFilters>) => void;
  /** The request log has its own time range (from, to) instead of a period. */
  period?: boolean;
}

/** Product, API key and (for the charts) period: labelled selects, kept in the address by the caller. */
export function AnalyticsFilterBar({ filters, onChange, period = true }: AnalyticsFiltersProps) {
  const products = useProductOptions();
  const apiKeys = useApiKeys();
  return (
    <Row xs={1} sm={2} lg={4} className="g-2 mb-3">
      <Form.Group as={Col} controlId="km-analytics-product">
        <Form.Label className="small mb-1">Product</Form.Label>
        <Form.Select
          value={filters.productId ?? ''}
          onChange={(event) => onChange({ productId: event.target.value || undefined })}
        >
          <option value="">All products</option>
          {products.data?.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {period && (
        <Form.Group as={Col} controlId="km-analytics-period">
          <Form.Label className="small mb-1">Period</Form.Label>
          <Form.Select
            value={filters.period}
            onChange={(event) => onChange({ period: event.target.value as AnalyticsPeriod })}
          >
            {(Object.keys(ANALYTICS_PERIODS) as AnalyticsPeriod[]).map((value) => (
              <option key={value} value={value}>
                {PERIOD_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Form.Group as={Col} controlId="km-analytics-api-key">
        <Form.Label className="small mb-1">API key</Form.Label>
        <Form.Select
          value={filters.apiKeyId ?? ''}
          onChange={(event) => onChange({ apiKeyId: event.target.value || undefined })}
        >
          <option value="">All API keys</option>
          {apiKeys.data?.keysInformation.map((apiKey) => (
            <option key={apiKey.id} value={apiKey.id}>
              {apiKey.name ? `${apiKey.name} (${apiKey.key})` : apiKey.key}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </Row>
  );
}
