import { type DurationRequest, PROJECT_PATHS, ZDurationRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useProjectAction } from './api';

/** docs/product-contract.md §States: the admin sets a duration (from ≤ to) when a project has none. */
export function DurationForm({ projectId }: { projectId: string }) {
  const mutation = useProjectAction<DurationRequest>(PROJECT_PATHS.adminDuration);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DurationRequest>({ resolver: zodResolver(ZDurationRequest), defaultValues: { id: projectId } });
  return (
    <Form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} aria-label="Set duration">
      <FormErrorAlert error={mutation.error} />
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <TextField
          controlId={`from-${projectId}`}
          label="From"
          type="date"
          registration={register('from')}
          error={errors.from?.message}
        />
        <TextField
          controlId={`to-${projectId}`}
          label="To"
          type="date"
          registration={register('to')}
          error={errors.to?.message}
        />
      </div>
      <SubmitButton pending={mutation.isPending} pendingLabel="Saving">
        Set duration
      </SubmitButton>
    </Form>
  );
}
