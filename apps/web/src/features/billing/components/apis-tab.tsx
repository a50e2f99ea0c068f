import { Badge } from 'react-bootstrap';
import { LinkButton } from '../../../components/link-button';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useSubscribedApis } from '../api';

/**
 * Profile APIs tab (docs/product-contract.md §Screens; §Entities, Subscribed API): subscribed APIs with
 * calls per minute.
 */
export function ApisTab() {
  const apis = useSubscribedApis();
  return (
    <section aria-labelledby="apis-title">
      <h2 id="apis-title" className="h4 mb-3">
        APIs
      </h2>
      <QueryState isPending={apis.isPending} error={apis.error} onRetry={() => apis.refetch()} />
      {apis.data?.length === 0 && (
        <p className="text-body-secondary">
          No API subscriptions yet.{' '}
          <LinkButton to="/store/key-manager" variant="link" size="sm">
            Get the Key Manager API
          </LinkButton>
        </p>
      )}
      {apis.data && apis.data.length > 0 && (
        <StackedTable responsive hover>
          <caption className="visually-hidden">Subscribed APIs</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Plan</th>
              <th scope="col">Calls per minute</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {apis.data.map((api) => (
              <tr key={api.productID}>
                <td>{api.product}</td>
                <td>{api.plan}</td>
                <td>{api.api_information.calls_per_minute}</td>
                <td>
                  <Badge
                    bg={api.state === 'active' ? 'success' : api.state === 'grace' ? 'warning' : 'danger'}
                  >
                    {api.state}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
    </section>
  );
}
