import { PROPERTY_FIELDS, PROPERTY_IMAGE_LIMITS, type Property, type PropertyKind } from '@app/contract';
import { type FormEvent, useId, useState } from 'react';
import { Alert, Button, Col, Form, Modal, ProgressBar, Row } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/toast/toast-context';
import { useSaveProperty } from '../api';
import { filledValues, initialValues, KIND_FIELDS, SHARED_NUMBERS } from '../lib/listing-fields';
import { photoProblem } from '../lib/photo-rules';
import { ListingField } from './listing-field';
import { PhotoFields } from './photo-fields';
import { PlaceFields } from './place-fields';
import { StatusSelect } from './status-select';

const NOUN: Record<PropertyKind, string> = { house: 'house', building: 'building', land: 'land' };

interface PropertyFormModalProps {
  businessId: string;
  kind: PropertyKind;
  property?: Property;
  onHide: () => void;
}

/** The house, building and land forms (decision 007): validated with the contract, photos with progress. */
export function PropertyFormModal({ businessId, kind, property, onHide }: PropertyFormModalProps) {
  const titleId = useId();
  const toast = useToast();
  const save = useSaveProperty(businessId, kind);
  const [values, setValues] = useState(() => initialValues(kind, property));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [images, setImages] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [progress, setProgress] = useState(0);
  const idPrefix = `${kind}-form`;
  const set = (patch: Record<string, string>) => setValues((current) => ({ ...current, ...patch }));

  const checkPhotos = (): string | null => {
    const kept = (property?.images.length ?? 0) - removed.length;
    if (kept + images.length > PROPERTY_IMAGE_LIMITS.maxImages) {
      return `A listing has at most ${PROPERTY_IMAGE_LIMITS.maxImages} images`;
    }
    for (const file of [...(thumbnail ? [thumbnail] : []), ...images]) {
      const problem = photoProblem(file);
      if (problem) return problem;
    }
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { ...filledValues(values), businessID: businessId };
    const parsed = PROPERTY_FIELDS[kind].safeParse(fields);
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        next[key] ??= issue.message;
      }
    }
    const photos = checkPhotos();
    if (photos) next.images = photos;
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (property) {
      form.append('id', property.id);
      if (removed.length) form.append('removeImages', removed.join(','));
    }
    if (thumbnail) form.append('thumbnail', thumbnail);
    images.forEach((file, index) => {
      form.append(`image-${index + 1}`, file);
    });
    setProgress(0);
    save.mutate(
      { form, mode: property ? 'update' : 'add', onProgress: setProgress },
      {
        onSuccess: (reply) => {
          toast.show({ message: reply.message, variant: 'success' });
          onHide();
        },
      },
    );
  };

  const title = `${property ? 'Edit' : 'Add'} ${NOUN[kind]}`;
  return (
    <Modal
      show
      onHide={save.isPending ? undefined : onHide}
      size="lg"
      centered
      backdrop="static"
      aria-labelledby={titleId}
    >
      <Form noValidate onSubmit={submit} aria-label={title}>
        <Modal.Header closeButton={!save.isPending}>
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormErrorAlert error={save.error} />
          {Object.keys(errors).length > 0 && (
            <Alert variant="warning" className="py-2">
              Please correct the highlighted fields.
            </Alert>
          )}
          <Row className="g-3 mb-3">
            {KIND_FIELDS[kind].map((field) => (
              <Col key={field.name} xs={6} md={kind === 'land' ? 12 : 3}>
                <ListingField
                  idPrefix={idPrefix}
                  spec={field}
                  values={values}
                  errors={errors}
                  onChange={set}
                />
              </Col>
            ))}
            {SHARED_NUMBERS.map((field) => (
              <Col key={field.name} xs={6} md={3}>
                <ListingField
                  idPrefix={idPrefix}
                  spec={field}
                  values={values}
                  errors={errors}
                  onChange={set}
                />
              </Col>
            ))}
          </Row>
          <ListingField
            idPrefix={idPrefix}
            spec={{ name: 'address', label: 'Address', type: 'text' }}
            values={values}
            errors={errors}
            onChange={set}
          />
          <PlaceFields
            idPrefix={idPrefix}
            country={values.country ?? ''}
            state={values.state ?? ''}
            errors={errors}
            onChange={(patch) => set(patch as Record<string, string>)}
          />
          <StatusSelect
            idPrefix={idPrefix}
            value={values.status ?? '1'}
            onChange={(status) => set({ status })}
          />
          <Form.Group className="mb-3" controlId={`${idPrefix}-description`}>
            <Form.Label>Description</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={2000}
              value={values.description ?? ''}
              onChange={(e) => set({ description: e.target.value })}
              isInvalid={Boolean(errors.description)}
            />
            <Form.Control.Feedback type="invalid">{errors.description}</Form.Control.Feedback>
          </Form.Group>
          <PhotoFields
            idPrefix={idPrefix}
            existingThumbnail={property?.thumbnail ?? null}
            existingImages={property?.images ?? []}
            removed={removed}
            onToggleRemove={(id) =>
              setRemoved((r) => (r.includes(id) ? r.filter((x) => x !== id) : [...r, id]))
            }
            onThumbnail={setThumbnail}
            onImages={setImages}
            newImageCount={images.length}
            error={errors.images}
          />
          {save.isPending && (
            <ProgressBar
              now={progress}
              label={`${progress.toFixed(2)}%`}
              aria-label="Upload progress"
              animated
            />
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide} disabled={save.isPending}>
            Cancel
          </Button>
          <SubmitButton pending={save.isPending} pendingLabel="Saving">
            {property ? 'Save changes' : `Add ${NOUN[kind]}`}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
