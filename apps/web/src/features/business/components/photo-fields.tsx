import { PROPERTY_IMAGE_LIMITS } from '@app/contract';
import { Button, Form } from 'react-bootstrap';
import { FileImage } from './file-image';

interface PhotoFieldsProps {
  idPrefix: string;
  existingThumbnail: string | null;
  existingImages: string[];
  removed: string[];
  onToggleRemove: (id: string) => void;
  onThumbnail: (file: File | null) => void;
  onImages: (files: File[]) => void;
  newImageCount: number;
  error?: string | undefined;
}

/** Thumbnail and up to 10 images; when editing, the current photos with a remove toggle each. */
export function PhotoFields(props: PhotoFieldsProps) {
  const { idPrefix, existingThumbnail, existingImages, removed, onToggleRemove, newImageCount } = props;
  const kept = existingImages.filter((id) => !removed.includes(id)).length;
  const room = PROPERTY_IMAGE_LIMITS.maxImages - kept;
  return (
    <fieldset className="mb-3">
      <legend className="h6">Photos</legend>
      {existingThumbnail && (
        <div className="mb-2 d-flex align-items-center gap-2">
          <FileImage fileId={existingThumbnail} alt="Current thumbnail" width={96} height={72} />
          <span className="small text-muted">Current thumbnail; choose a new one to replace it.</span>
        </div>
      )}
      <Form.Group controlId={`${idPrefix}-thumbnail`} className="mb-3">
        <Form.Label>Thumbnail</Form.Label>
        <Form.Control
          type="file"
          accept={PROPERTY_IMAGE_LIMITS.types.join(',')}
          onChange={(e) => props.onThumbnail((e.target as HTMLInputElement).files?.[0] ?? null)}
        />
      </Form.Group>
      {existingImages.length > 0 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label="Current images">
          {existingImages.map((id, index) => {
            const gone = removed.includes(id);
            return (
              <li
                key={id}
                className={`d-flex flex-column align-items-center gap-1 ${gone ? 'opacity-50' : ''}`}
              >
                <FileImage fileId={id} alt={`Image ${index + 1}`} width={80} height={60} />
                <Button
                  size="sm"
                  variant={gone ? 'outline-secondary' : 'outline-danger'}
                  onClick={() => onToggleRemove(id)}
                >
                  {gone ? `Keep image ${index + 1}` : `Remove image ${index + 1}`}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Form.Group controlId={`${idPrefix}-images`}>
        <Form.Label>Images (up to {room} more)</Form.Label>
        <Form.Control
          type="file"
          multiple
          accept={PROPERTY_IMAGE_LIMITS.types.join(',')}
          onChange={(e) => props.onImages(Array.from((e.target as HTMLInputElement).files ?? []))}
          isInvalid={Boolean(props.error)}
          aria-describedby={`${idPrefix}-images-hint`}
        />
        <Form.Text id={`${idPrefix}-images-hint`} muted>
          JPEG, PNG, WebP or GIF, at most {PROPERTY_IMAGE_LIMITS.maxBytes / 1048576} MB each.
          {newImageCount > 0 && ` ${newImageCount} selected.`}
        </Form.Text>
        <Form.Control.Feedback type="invalid">{props.error}</Form.Control.Feedback>
      </Form.Group>
    </fieldset>
  );
}
