import { PROJECT_PATHS } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { QueryState } from '../../../components/query-state';
import { SubmitButton } from '../../../components/submit-button';
import { useEmployees, useProjectAction } from './api';

/** Assign employees: the ticked staff become the project's team. */
export function AssignForm({ projectId, assigned }: { projectId: string; assigned: string[] }) {
  const employees = useEmployees();
  const mutation = useProjectAction<{ projectID: string; empIds: string[] }>(PROJECT_PATHS.adminAssign);
  const [chosen, setChosen] = useState<string[]>(assigned);
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(chosen.length === 0);
    if (chosen.length > 0) mutation.mutate({ projectID: projectId, empIds: chosen });
  };
  if (!employees.data)
    return (
      <QueryState
        isPending={employees.isPending}
        error={employees.error}
        onRetry={() => void employees.refetch()}
      />
    );
  if (employees.data.length === 0)
    return <p className="text-muted small">No staff accounts yet: create them under Users.</p>;
  return (
    <Form noValidate onSubmit={submit} aria-label="Assign employees">
      <FormErrorAlert error={mutation.error} />
      <fieldset className="mb-2">
        <legend className="fs-6">Employees</legend>
        {employees.data.map((employee) => (
          <Form.Check
            key={employee.id}
            id={`assign-${projectId}-${employee.id}`}
            label={`${employee.firstName} ${employee.lastName}${employee.designation ? ` (${employee.designation})` : ''}`}
            checked={chosen.includes(employee.id)}
            onChange={(e) =>
              setChosen((list) =>
                e.target.checked ? [...list, employee.id] : list.filter((id) => id !== employee.id),
              )
            }
          />
        ))}
      </fieldset>
      {invalid && (
        <p className="text-danger small" role="alert">
          Choose at least one employee.
        </p>
      )}
      <SubmitButton pending={mutation.isPending} pendingLabel="Assigning">
        Assign employees
      </SubmitButton>
    </Form>
  );
}
