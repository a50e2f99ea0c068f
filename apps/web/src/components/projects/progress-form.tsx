import { type ProgressRequest, ZProgressRequest } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Col, Form, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../form-error-alert';
import { SubmitButton } from '../submit-button';

interface ProgressFormProps {
  projectID: string;
  current: {
    frontendProgress: number | null;
    backendProgress: number | null;
    databaseProgress: number | null;
  };
  pending: boolean;
  error: unknown;
  onSubmit: (values: ProgressRequest) => void;
}

const FIELDS = [
  ['frontEnd', 'Frontend'],
  ['backEnd', 'Backend'],
  ['database', 'Database'],
] as const;

/** Progress update (each part 0–100), used by admins and by assigned staff. */
export function ProgressForm({ projectID, current, pending, error, onSubmit }: ProgressFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProgressRequest>({
    resolver: zodResolver(ZProgressRequest),
    defaultValues: {
      projectID,
      frontEnd: current.frontendProgress ?? 0,
      backEnd: current.backendProgress ?? 0,
      database: current.databaseProgress ?? 0,
    },
  });
  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Update progress">
      <FormErrorAlert error={error} />
      <Row xs={1} sm={3} className="g-2">
        {FIELDS.map(([field, label]) => (
          <Col key={field}>
            <Form.Group controlId={`progress-${projectID}-${field}`}>
              <Form.Label className="small">{label} %</Form.Label>
              <Form.Control
                type="number"
                min={0}
                max={100}
                step={1}
                isInvalid={Boolean(errors[field])}
                {...register(field, { valueAsNumber: true })}
              />
              <Form.Control.Feedback type="invalid">{errors[field]?.message}</Form.Control.Feedback>
            </Form.Group>
          </Col>
        ))}
      </Row>
      <SubmitButton pending={pending} pendingLabel="Saving" className="mt-2">
        Update progress
      </SubmitButton>
    </Form>
  );
}
