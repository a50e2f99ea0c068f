import type { SigningKey } from '@app/contract';
import { Badge, Button, Card } from 'react-bootstrap';
import { CopyButton } from './copy-button';

/** One signing key: its public key to embed (PEM, base64 DER), state, and Retire for a previous key. */
export function SigningKeyCard({ signingKey, onRetire }: { signingKey: SigningKey; onRetire: () => void }) {
  const current = signingKey.state === 'current';
  return (
    <Card className="mb-3" data-testid={`signing-key-${signingKey.id}`}>
      <Card.Body>
        <div className="d-flex flex-wrap gap-2 justify-content-between align-items-start mb-2">
          <div>
            <span className="font-monospace me-2">{signingKey.id}</span>
            <Badge bg={current ? 'success' : 'secondary'}>
              {current ? 'Current: signs' : 'Previous: verifies'}
            </Badge>
            <div className="small text-body-secondary">
              {signingKey.algorithm}, created {new Date(signingKey.createdAt).toLocaleString()}
              {signingKey.rotatedAt && `, rotated ${new Date(signingKey.rotatedAt).toLocaleString()}`}
            </div>
          </div>
          {!current && (
            <Button size="sm" variant="outline-danger" onClick={onRetire}>
              Retire<span className="visually-hidden"> signing key {signingKey.id}</span>
            </Button>
          )}
        </div>
        <figure className="mb-2">
          <figcaption className="visually-hidden">Public key {signingKey.id} (PEM)</figcaption>
          <pre className="bg-body-tertiary p-2 small mb-0">{signingKey.publicKeyPem.trim()}</pre>
        </figure>
        <div className="d-flex flex-wrap gap-3 align-items-center small">
          <span>
            PEM (Node, browsers){' '}
            <CopyButton text={signingKey.publicKeyPem} label={`Copy PEM of ${signingKey.id}`} />
          </span>
          <span>
            Base64 DER (Java){' '}
            <CopyButton text={signingKey.publicKeyBase64} label={`Copy base64 of ${signingKey.id}`} />
          </span>
        </div>
      </Card.Body>
    </Card>
  );
}
