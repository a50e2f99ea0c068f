import { Spinner } from 'react-bootstrap';
import { useProtectedObjectUrl } from '../../../lib/protected-file';

interface MessageMediaProps {
  path: string;
  name: string | null;
  type: string | null;
  headers: Record<string, string>;
}

const isVideo = (name: string | null, type: string | null) =>
  type === 'video/mp4' || (name ?? '').toLowerCase().endsWith('.mp4');

/** Spec §2: media ending in .mp4 shows as a placeholder thumbnail, other media as an image; files as links. */
export function MessageMedia({ path, name, type, headers }: MessageMediaProps) {
  const { url, failed } = useProtectedObjectUrl(path, headers);
  const label = name ?? 'attachment';
  if (failed) return <span className="text-danger small">Could not load {label}</span>;
  if (!url) return <Spinner animation="border" size="sm" role="status" aria-label={`Loading ${label}`} />;
  if (isVideo(name, type)) {
    return (
      <a
        href={url}
        download={label}
        className="chat-video-placeholder text-decoration-none"
        title={`Video: ${label}`}
      >
        <span aria-hidden="true" className="fs-2">
          ▶
        </span>
        <span className="small text-truncate d-block">{label}</span>
      </a>
    );
  }
  if (type?.startsWith('image/')) {
    return (
      <a href={url} target="_blank" rel="noreferrer">
        <img src={url} alt={label} className="chat-image rounded" />
      </a>
    );
  }
  return (
    <a href={url} download={label} className="d-inline-flex align-items-center gap-1">
      <span aria-hidden="true">📄</span> {label}
    </a>
  );
}
