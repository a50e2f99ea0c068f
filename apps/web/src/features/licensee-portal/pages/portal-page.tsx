import { PORTAL_STRINGS, type PortalFace, portalText } from '@app/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { useToast } from '../../../components/toast/toast-context';
import { ToastOutlet } from '../../../components/toast/toast-outlet';
import { ApiError } from '../../../lib/api-error';
import { PortalHeader } from '../components/portal-header';
import { PortalSupport } from '../components/portal-support';
import { SignInPanel } from '../components/sign-in-panel';
import { SignedInPanel } from '../components/signed-in-panel';
import { usePortalFace, usePortalSession } from '../portal-api';
import { PortalContext } from '../portal-context';
import { portalCsrfToken } from '../portal-csrf';
import { type PortalFragment, parsePortalFragment, portalEmailParam } from '../portal-fragment';

const PAGE_WIDTH = { maxWidth: 960 };

/**
 * /portal/:handle (decision 036): an owner's page for their customers. Its own frame — the owner's
 * logo and name, no site bar and nothing of our site's sign-in — so it reads the same to a visitor
 * signed in to our site or not.
 */
export function PortalPage() {
  const { handle = '' } = useParams();
  const face = usePortalFace(handle);
  useEffect(() => {
    if (face.data) document.title = portalText('pageTitle', { portal: face.data.displayName });
  }, [face.data]);
  return (
    <div className="min-vh-100 bg-light d-flex flex-column">
      {face.data && <PortalHeader face={face.data} />}
      <ToastOutlet top={0} />
      {face.data ? (
        <PortalBody handle={handle} face={face.data} />
      ) : (
        <main className="container py-5" style={PAGE_WIDTH}>
          {face.error instanceof ApiError && face.error.status === 404 ? (
            <h1 className="h4">{PORTAL_STRINGS.portalNotFound}</h1>
          ) : (
            <QueryState
              isPending={face.isPending}
              error={face.error}
              onRetry={() => face.refetch()}
              retryLabel={PORTAL_STRINGS.tryAgain}
              loadingLabel={PORTAL_STRINGS.loading}
            />
          )}
        </main>
      )}
    </div>
  );
}

/** Where the licensee stands: still loading, signed out, signed in. */
type Standing = 'unknown' | 'out' | 'in';

function PortalBody({ handle, face }: { handle: string; face: PortalFace }) {
  const session = usePortalSession(handle);
  const toast = useToast();
  // What the address brought in is read once, then taken off the address bar: a mailed code is
  // single-use and a key is a secret, neither belongs in the history or a shared screenshot.
  const [fragment] = useState<PortalFragment>(() => parsePortalFragment(window.location.hash));
  const [defaultEmail] = useState(() => portalEmailParam(window.location.search));
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    }
  }, []);

  const standing: Standing = session.data === undefined ? 'unknown' : session.data ? 'in' : 'out';
  const previous = useRef<Standing>(standing);
  const signingOut = useRef(false);
  const [moved, setMoved] = useState(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = standing;
    if (before === 'unknown' || before === standing) return;
    setMoved(true);
    if (before === 'in' && standing === 'out') {
      toast.show({ message: signingOut.current ? PORTAL_STRINGS.signedOut : PORTAL_STRINGS.sessionEnded });
      signingOut.current = false;
    }
  }, [standing, toast]);

  const context = useMemo(
    () => ({ face, caller: { handle, csrf: portalCsrfToken(face, session.data) } }),
    [face, handle, session.data],
  );
  return (
    <PortalContext.Provider value={context}>
      <main className="container py-4 flex-grow-1" style={PAGE_WIDTH}>
        {session.data ? (
          <SignedInPanel
            session={session.data}
            focusHeading={moved}
            onSigningOut={(asked) => {
              signingOut.current = asked;
            }}
          />
        ) : session.data === null ? (
          <SignInPanel defaultEmail={defaultEmail} fragment={fragment} focusHeading={moved} />
        ) : (
          <QueryState
            isPending={session.isPending}
            error={session.error}
            onRetry={() => session.refetch()}
            retryLabel={PORTAL_STRINGS.tryAgain}
            loadingLabel={PORTAL_STRINGS.loading}
          />
        )}
      </main>
      <PortalSupport face={face} />
    </PortalContext.Provider>
  );
}
