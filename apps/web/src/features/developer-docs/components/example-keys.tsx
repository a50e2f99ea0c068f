import { createContext, type ReactNode, useContext } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useSession } from '../../../lib/use-session';
import { EXAMPLES_KEY_NAME, useAccountKeys, useCreateExamplesKey } from '../api';
import { type ExampleKeys, NO_EXAMPLE_KEYS, PUBLISHABLE_KEY_PLACEHOLDER } from '../content/example-keys';

type AccountKeys = ReturnType<typeof useAccountKeys>;

interface ExampleKeysState {
  keys: ExampleKeys;
  signedIn: boolean;
  account: AccountKeys | null;
}

const ExampleKeysContext = createContext<ExampleKeysState>({
  keys: NO_EXAMPLE_KEYS,
  signedIn: false,
  account: null,
});

/** The keys the code boxes fill in (none outside a provider: the examples as written). */
export function useExampleKeys(): ExampleKeys {
  return useContext(ExampleKeysContext).keys;
}

/**
 * Reads the signed-in reader's keys once for a docs page: the public keys of their offline licences
 * in full (they are public) and a publishable key only if one was created here, because stored API
 * keys are hashed and cannot be shown again (docs/decisions/020).
 */
export function ExampleKeysProvider({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const account = useAccountKeys(signedIn);
  const publicKeys = account.signingKeys.data?.signingKeys.map((key) => key.publicKeyBase64) ?? null;
  const keys: ExampleKeys = signedIn
    ? { publishableKey: account.createdKey, publicKeys: publicKeys?.length ? publicKeys : null }
    : NO_EXAMPLE_KEYS;
  return (
    <ExampleKeysContext.Provider value={{ keys, signedIn, account: signedIn ? account : null }}>
      {children}
    </ExampleKeysContext.Provider>
  );
}

/** Above the examples: whose keys they show, and how to get a publishable key into them. */
export function YourKeysPanel() {
  const { signedIn, account, keys } = useContext(ExampleKeysContext);
  const location = useLocation();
  if (!signedIn || !account) {
    return (
      <Alert variant="light" className="border" aria-label="Keys in the examples">
        The examples show placeholders (<code>{PUBLISHABLE_KEY_PLACEHOLDER}</code>,{' '}
        <code>YOUR_PUBLIC_KEY</code>
        ).{' '}
        <Link to="/signin" state={{ from: `${location.pathname}${location.search}` }}>
          Sign in
        </Link>{' '}
        to see them with your own keys.
      </Alert>
    );
  }
  if (account.plan.isPending) return null;
  if (!account.planActivated) {
    return (
      <Alert variant="light" className="border" aria-label="Keys in the examples">
        <Link to="/store/key-manager">Activate a Key Manager plan</Link> to get API keys; the examples then
        show yours.
      </Alert>
    );
  }
  return <AccountKeysPanel account={account} keys={keys} />;
}

function AccountKeysPanel({ account, keys }: { account: AccountKeys; keys: ExampleKeys }) {
  const create = useCreateExamplesKey();
  const publishable = account.apiKeys.data?.keysInformation.filter((key) => key.type === 'publishable') ?? [];
  return (
    <Alert variant="info" aria-label="Keys in the examples">
      <p className="mb-1">
        {keys.publicKeys
          ? 'The examples show your own licence public keys (Key Manager → Offline licences).'
          : 'Your licence public keys appear here once loaded.'}
      </p>
      {keys.publishableKey ? (
        <p className="mb-0">
          They use the publishable key created for them,{' '}
          <code className="text-break">{keys.publishableKey}</code>. Copy it now if you need it elsewhere:
          like every API key it is shown only this once, and it is listed in the API tab as “
          {EXAMPLES_KEY_NAME}”.
        </p>
      ) : (
        <>
          <p className="mb-2">
            Your API keys are stored hashed, so they cannot be shown again: the examples keep the placeholder{' '}
            <code>{PUBLISHABLE_KEY_PLACEHOLDER}</code>
            {publishable.length > 0 && (
              <> — paste your publishable key ({publishable.map((key) => key.key).join(', ')}) there</>
            )}
            , or create a publishable key for these examples.
          </p>
          <FormErrorAlert error={create.error} />
          <Button size="sm" onClick={() => create.mutate()} disabled={create.isPending}>
            Create a publishable key for the examples
          </Button>
        </>
      )}
    </Alert>
  );
}
