import { type ApiInfo, MIN_CALLS_PER_MINUTE } from '@app/contract';
import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { QueryState } from '../../../components/query-state';
import { StackedTable } from '../../../components/stacked-table';
import { useToast } from '../../../components/toast/toast-context';
import { useApiInfo, useSetApiInfo } from './admin-api';

function LimitForm({ info }: { info: ApiInfo }) {
  const [value, setValue] = useState(String(info.calls_per_minute));
  const [error, setError] = useState<string | null>(null);
  const save = useSetApiInfo();
  const toast = useToast();
  const inputId = `cpm-${info.planID}`;
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const callsPerMinute = Number(value);
        if (!Number.isInteger(callsPerMinute) || callsPerMinute < MIN_CALLS_PER_MINUTE) {
          setError(`At least ${MIN_CALLS_PER_MINUTE}`);
          return;
        }
        setError(null);
        save.mutate(
          { productID: info.productID, planID: info.planID, callsPerMinute },
          {
            onSuccess: (reply) => toast.show({ message: reply.message, variant: 'success' }),
            onError: (failure) => toast.show({ message: failure.message, variant: 'danger' }),
          },
        );
      }}
    >
      <InputGroup size="sm" hasValidation>
        <Form.Label htmlFor={inputId} visuallyHidden>
          Calls per minute for {info.product} {info.plan}
        </Form.Label>
        <Form.Control
          id={inputId}
          type="number"
          min={MIN_CALLS_PER_MINUTE}
          value={value}
          isInvalid={error !== null}
          onChange={(event) => setValue(event.target.value)}
          style={{ maxWidth: 120 }}
        />
        <Button type="submit" variant="outline-primary" disabled={save.isPending}>
          Save<span className="visually-hidden"> calls per minute for {info.plan}</span>
        </Button>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
    </Form>
  );
}

/**
 * Admin section 'APIs' (docs/product-contract.md §Calls, api-info get/set): calls per minute per plan,
 * minimum 10.
 */
export function ApisSection() {
  const info = useApiInfo();
  return (
    <section aria-labelledby="admin-apis-title">
      <h2 id="admin-apis-title" className="h4 mb-3">
        APIs
      </h2>
      <p className="text-body-secondary">
        Calls per minute per plan (minimum {MIN_CALLS_PER_MINUTE}). The Key Manager applies a change on the
        next call.
      </p>
      <QueryState isPending={info.isPending} error={info.error} onRetry={() => info.refetch()} />
      {info.data && (
        <StackedTable responsive hover size="sm">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Plan</th>
              <th scope="col">Calls per minute</th>
            </tr>
          </thead>
          <tbody>
            {info.data.map((row) => (
              <tr key={row.planID}>
                <td>{row.product}</td>
                <td>{row.plan}</td>
                <td>
                  <LimitForm info={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
    </section>
  );
}
