import { Spinner } from 'react-bootstrap';
import { useFileUrl } from '../lib/use-file-url';

interface FileImageProps {
  fileId: string | null;
  alt: string;
  width: number;
  height: number;
}

/** A stored photo, loaded with the signed-in user's token; a neutral box while loading or missing. */
export function FileImage({ fileId, alt, width, height }: FileImageProps) {
  const { url, failed } = useFileUrl(fileId);
  const box = { width, height } as const;
  if (!fileId || failed) {
    return (
      <div
        className="bg-light border rounded d-flex align-items-center justify-content-center small text-muted"
        style={box}
      >
        {failed ? 'Unavailable' : 'No photo'}
      </div>
    );
  }
  if (!url) {
    return (
      <div className="bg-light border rounded d-flex align-items-center justify-content-center" style={box}>
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading photo</span>
        </Spinner>
      </div>
    );
  }
  return (
    <img src={url} alt={alt} width={width} height={height} className="rounded border object-fit-cover" />
  );
}
