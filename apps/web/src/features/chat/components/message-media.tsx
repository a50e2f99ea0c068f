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

/** "report.pdf" → "PDF": what kind of file a chip holds, at a glance. */
const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1, dot + 6).toUpperCase() : 'FILE';
};

/**
 * docs/product-contract.md §Screens (Chat rooms): media ending in .mp4 shows as a placeholder
 * thumbnail, images as a thumbnail, other files as a chip. Each carries its own light surface and dark
 * text, so it reads the same on the white bubbles and on the reader's own blue ones (a blue link on a
 * blue bubble was invisible).
 */
export function MessageMedia({ path, name, type, headers }: MessageMediaProps) {
  const { url, failed } = useProtectedObjectUrl(path, headers);
  const label = name ?? 'attachment';
  if (failed) {
    return (
      <span className="chat-file-chip chat-file-chip-failed">
        <span aria-hidden="true">⚠</span>
        <span className="chat-file-name">Could not load {label}</span>
      </span>
    );
  }
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
      <a href={url} target="_blank" rel="noreferrer" className="chat-thumb" title={`Open ${label}`}>
        <img src={url} alt={label} className="chat-image" />
      </a>
    );
  }
  return (
    <a href={url} download={label} className="chat-file-chip" title={`Download ${label}`}>
      <span className="chat-file-kind" aria-hidden="true">
        {extensionOf(label)}
      </span>
      <span className="chat-file-name">{label}</span>
    </a>
  );
}
