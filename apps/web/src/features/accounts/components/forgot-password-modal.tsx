import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { useToast } from '../../../components/toast/toast-context';
import { ResetEmailStep } from './reset-email-step';
import { ResetPasswordStep } from './reset-password-step';

interface ForgotPasswordModalProps {
  show: boolean;
  onClose: () => void;
  /** The password of `email` was changed: whatever the page said about the old one is out of date. */
  onReset?: (email: string) => void;
}

type Step = { kind: 'email' } | { kind: 'password'; email: string; question: string };

/** Two-step reset (docs/product-contract.md §Screens, §States). Closing at any point resets it to step 1. */
export function ForgotPasswordModal({ show, onClose, onReset }: ForgotPasswordModalProps) {
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const toast = useToast();

  const close = () => {
    setStep({ kind: 'email' });
    onClose();
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="forgot-password-title">
      <Modal.Header closeButton>
        <Modal.Title id="forgot-password-title">Reset your password</Modal.Title>
      </Modal.Header>
      {step.kind === 'email' ? (
        <ResetEmailStep
          onPassed={(email, question) => setStep({ kind: 'password', email, question })}
          onCancel={close}
        />
      ) : (
        <ResetPasswordStep
          email={step.email}
          question={step.question}
          onCancel={close}
          onDone={(message) => {
            close();
            onReset?.(step.email);
            toast.show({
              title: 'Password reset',
              message: message ?? 'Your password has been changed. Sign in with the new one.',
            });
          }}
        />
      )}
    </Modal>
  );
}
