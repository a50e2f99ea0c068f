import { PORTAL_STRINGS } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import type { PortalFragment } from '../portal-fragment';
import { CodeForm } from './code-form';
import { type CodeAttempt, EmailForm } from './email-form';
import { KeyForm } from './key-form';
import { LinkSignIn } from './link-sign-in';

interface SignInPanelProps {
  defaultEmail: string;
  fragment: PortalFragment;
  /** Focus the heading (after a sign-out or an ended session), so a screen reader hears where it is. */
  focusHeading: boolean;
}

/** Signed out: email → code, or one licence by its key; the mailed link signs in by itself. */
export function SignInPanel({ defaultEmail, fragment, focusHeading }: SignInPanelProps) {
  const [attempt, setAttempt] = useState<CodeAttempt | null>(null);
  const [email, setEmail] = useState(defaultEmail);
  // The mailed link is tried first; the forms come back if it is refused.
  const [linkPending, setLinkPending] = useState(fragment.kind === 'link');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <section aria-labelledby="portal-sign-in-heading">
      <h2 id="portal-sign-in-heading" className="h5" tabIndex={-1} ref={heading}>
        {PORTAL_STRINGS.signInHeading}
      </h2>
      {fragment.kind === 'link' && (
        <LinkSignIn
          attemptId={fragment.attemptId}
          code={fragment.code}
          onRefused={() => setLinkPending(false)}
        />
      )}
      {!linkPending && (
        <SignInForms
          attempt={attempt}
          setAttempt={setAttempt}
          email={email}
          setEmail={setEmail}
          defaultKey={fragment.kind === 'key' ? fragment.key : ''}
        />
      )}
    </section>
  );
}

interface SignInFormsProps {
  attempt: CodeAttempt | null;
  setAttempt: (attempt: CodeAttempt | null) => void;
  email: string;
  setEmail: (email: string) => void;
  defaultKey: string;
}

function SignInForms({ attempt, setAttempt, email, setEmail, defaultKey }: SignInFormsProps) {
  return (
    <>
      <div className="bg-white border rounded p-3 p-md-4 mb-4">
        {attempt ? (
          <CodeForm attempt={attempt} onBack={() => setAttempt(null)} />
        ) : (
          <>
            <p>{PORTAL_STRINGS.signInIntro}</p>
            <EmailForm
              defaultEmail={email}
              onSent={(sent) => {
                setEmail(sent.email);
                setAttempt(sent);
              }}
            />
          </>
        )}
      </div>
      <h2 id="portal-key-heading" className="h5">
        {PORTAL_STRINGS.keyHeading}
      </h2>
      <div className="bg-white border rounded p-3 p-md-4">
        <p>{PORTAL_STRINGS.keyIntro}</p>
        <KeyForm defaultKey={defaultKey} />
      </div>
    </>
  );
}
