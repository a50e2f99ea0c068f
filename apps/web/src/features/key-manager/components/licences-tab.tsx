import { SIGNING_KEY_LIMIT, type SigningKey } from '@app/contract';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { REST_DOCS_PATH } from '../../../lib/docs-paths';
import { useRetireSigningKey, useRotateSigningKey, useSigningKeys } from '../licences-api';
import { SigningKeyCard } from './signing-key-card';

/**
 * Offline licences tab (decision 024): the public keys an app embeds to verify checked-out
 * certificates with no network, with rotate and retire.
 */
export function LicencesTab() {
  const signingKeys = useSigningKeys();
  const rotate = useRotateSigningKey();
  const retire = useRetireSigningKey();
  const toast = useToast();
  const [rotating, setRotating] = useState(false);
  const [retiring, setRetiring] = useState<SigningKey | null>(null);
  const count = signingKeys.data?.length ?? 0;

  return (
    <section aria-labelledby="km-licences-title">
      <div className="d-flex flex-wrap gap-2 align-items-end justify-content-between mb-2">
        <h2 id="km-licences-title" className="h5 mb-0">
          Offline licences: public keys
        </h2>
        <Button
          variant="outline-primary"
          onClick={() => setRotating(true)}
          disabled={count >= SIGNING_KEY_LIMIT}
        >
          Rotate signing key
        </Button>
      </div>
      <p className="text-body-secondary">
        Your app calls <code>checkout-license</code> for an activated device and keeps the signed certificate.
        When it cannot reach this service it verifies that certificate offline with the public key below:
        embed every key listed here in your app. Entitlements come from each key (Keys tab, Entitlements).{' '}
        <Link to={`${REST_DOCS_PATH}?tab=offline`}>How to verify a licence offline</Link>
      </p>
      <QueryState
        isPending={signingKeys.isPending}
        error={signingKeys.error}
        onRetry={() => signingKeys.refetch()}
      />
      {signingKeys.data?.map((signingKey) => (
        <SigningKeyCard
          key={signingKey.id}
          signingKey={signingKey}
          onRetire={() => setRetiring(signingKey)}
        />
      ))}
      {rotating && (
        <ConfirmDialog
          title="Rotate signing key"
          confirmLabel="Rotate"
          pending={rotate.isPending}
          error={rotate.error}
          onHide={() => {
            rotate.reset();
            setRotating(false);
          }}
          onConfirm={() =>
            rotate.mutate(undefined, {
              onSuccess: (reply) => {
                toast.show({ message: reply.message });
                setRotating(false);
              },
            })
          }
        >
          <p>
            Create a new signing key? New certificates are signed with it, so ship its public key in your app.
            Certificates signed with the current key keep verifying until you retire it.
          </p>
        </ConfirmDialog>
      )}
      {retiring && (
        <ConfirmDialog
          title="Retire signing key"
          confirmLabel="Retire"
          pending={retire.isPending}
          error={retire.error}
          onHide={() => {
            retire.reset();
            setRetiring(null);
          }}
          onConfirm={() =>
            retire.mutate(retiring.id, {
              onSuccess: (reply) => {
                toast.show({ message: reply.message });
                setRetiring(null);
              },
            })
          }
        >
          <p>
            Retire <span className="font-monospace">{retiring.id}</span>? Its private key is deleted, and apps
            that drop its public key stop accepting the certificates it signed.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
