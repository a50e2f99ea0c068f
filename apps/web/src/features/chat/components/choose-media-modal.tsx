import { CHAT_LIMITS } from '@app/contract';
import { useEffect, useId, useState } from 'react';
import { Alert, Button, Modal, ProgressBar } from 'react-bootstrap';

interface ChooseMediaModalProps {
  file: File | null;
  /** 0–100 with two decimals while uploading, else null. */
  progress: number | null;
  error: string | null;
  onSend: () => void;
  onCancel: () => void;
}

/** Client-side check that mirrors the server's (the server decides from the bytes). */
export function mediaProblem(file: File): string | null {
  if (file.size > CHAT_LIMITS.mediaMaxBytes) return 'The file is larger than 40 MB.';
  const type = file.type || '';
  if (type && !CHAT_LIMITS.mediaTypes.includes(type as (typeof CHAT_LIMITS.mediaTypes)[number])) {
    return 'Only images, MP4 videos and PDF files can be sent.';
  }
  return null;
}

/**
 * docs/product-contract.md §Screens: the 'Choose Media' preview dialog, with the upload progress viewer
 * (§States).
 */
export function ChooseMediaModal({ file, progress, error, onSend, onCancel }: ChooseMediaModalProps) {
  const titleId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    const isImage = file?.type.startsWith('image/') ?? false;
    if (!file || !isImage) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const uploading = progress !== null;
  const problem = file ? mediaProblem(file) : null;

  return (
    <Modal show={file !== null} onHide={uploading ? undefined : onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton={!uploading}>
        <Modal.Title id={titleId}>Choose Media</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {preview ? (
          <img src={preview} alt={`Preview of ${file?.name}`} className="img-fluid rounded mb-2" />
        ) : (
          <p className="mb-2">
            <span aria-hidden="true">{file?.type === 'video/mp4' ? '🎞️' : '📄'}</span> {file?.name}
          </p>
        )}
        <p className="small text-muted mb-2">{file ? `${(file.size / 1048576).toFixed(2)} MB` : ''}</p>
        {(problem ?? error) && <Alert variant="danger">{problem ?? error}</Alert>}
        {uploading && (
          <ProgressBar
            now={progress}
            label={`${progress.toFixed(2)}%`}
            aria-label="Upload progress"
            aria-valuenow={progress}
            animated
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={uploading}>
          Cancel
        </Button>
        <Button onClick={onSend} disabled={uploading || problem !== null}>
          {uploading ? 'Sending…' : 'Send'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
