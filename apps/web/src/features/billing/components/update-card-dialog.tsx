import {
  SANDBOX_RENEWAL_DECLINED_CARD,
  SANDBOX_TEST_CARD,
  type SandboxCardRequest,
  type Subscription,
  ZSandboxCardRequest,
} from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Button, Col, Modal, Row } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useToast } from '../../../app/providers/toast-context';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useSandboxCard } from '../renewals-api';

/**
 * The sandbox's "Update card" (decision 021): the card is saved for renewals; a renewal that is due
 * (past due, in grace or suspended) is charged with it at once.
 */
export function UpdateCardDialog({
  subscription,
  onHide,
}: {
  subscription: Subscription;
  onHide: () => void;
}) {
  const save = useSandboxCard();
  const toast = useToast();
  const titleId = useId();
  const form = useForm<SandboxCardRequest>({
    resolver: zodResolver(ZSandboxCardRequest),
    defaultValues: {
      subscriptionID: subscription.id,
      cardNumber: '',
      expiry: '',
      cvc: '',
      firstName: '',
      lastName: '',
    },
  });
  const errors = form.formState.errors;
  return (
    <Modal show onHide={onHide} aria-labelledby={titleId}>
      <form
        noValidate
        aria-label="Update card"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: (reply) => {
              const paid = reply.subscription.renewal.status === 'active';
              toast.show({ message: reply.message, variant: paid ? 'success' : 'danger' });
              if (paid) onHide();
            },
          }),
        )}
      >
        <Modal.Header closeButton>
          <Modal.Title id={titleId}>Update card — {subscription.product}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            Test mode — no real charge. <code>{SANDBOX_TEST_CARD}</code> renews;{' '}
            <code>{SANDBOX_RENEWAL_DECLINED_CARD}</code> declines every renewal.
          </p>
          <FormErrorAlert error={save.error} />
          <TextField
            controlId="update-card-number"
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            registration={form.register('cardNumber')}
            error={errors.cardNumber?.message}
          />
          <Row>
            <Col>
              <TextField
                controlId="update-card-expiry"
                label="Expiry (MM/YY)"
                autoComplete="cc-exp"
                placeholder="12/30"
                registration={form.register('expiry')}
                error={errors.expiry?.message}
              />
            </Col>
            <Col>
              <TextField
                controlId="update-card-cvc"
                label="CVC"
                inputMode="numeric"
                autoComplete="cc-csc"
                registration={form.register('cvc')}
                error={errors.cvc?.message}
              />
            </Col>
          </Row>
          <Row>
            <Col>
              <TextField
                controlId="update-card-first-name"
                label="First name"
                autoComplete="given-name"
                registration={form.register('firstName')}
                error={errors.firstName?.message}
              />
            </Col>
            <Col>
              <TextField
                controlId="update-card-last-name"
                label="Last name"
                autoComplete="family-name"
                registration={form.register('lastName')}
                error={errors.lastName?.message}
              />
            </Col>
          </Row>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Close
          </Button>
          <SubmitButton pending={save.isPending} pendingLabel="Saving…">
            Save card
          </SubmitButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
