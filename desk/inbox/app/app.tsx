import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { SessionInfo } from '../api-contract.ts';
import { Announcer, announce } from './components/announcer.tsx';
import { Link } from './components/link.tsx';
import { api, setCsrfToken, setUnauthorizedHandler } from './lib/api.ts';
import { navigate, useLocation } from './lib/navigation.ts';
import { hrefs, type Route, routeOf } from './lib/routes.ts';
import { SessionContext } from './lib/session.ts';
import { LeadPage } from './pages/lead-page.tsx';
import { LeadsPage } from './pages/leads-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';

// The numbers page brings the chart library: it downloads when first opened.
const NumbersPage = lazy(() =>
  import('./pages/numbers-page.tsx').then((m) => ({ default: m.NumbersPage })),
);

type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'unreachable' }
  | { status: 'signed-in'; session: SessionInfo };

/** Where to go after signing in: the page that asked for it, or the leads list. */
let returnTo: string | null = null;

export function App() {
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  const signedOut = useCallback(() => {
    setCsrfToken(null);
    setState({ status: 'signed-out' });
  }, []);

  const check = useCallback(() => {
    setState({ status: 'checking' });
    api<SessionInfo>('session', { quietUnauthorized: true }).then(
      (session) => {
        setCsrfToken(session.csrfToken);
        setState({ status: 'signed-in', session });
      },
      (error: { status?: number }) => {
        setState(error.status === 401 ? { status: 'signed-out' } : { status: 'unreachable' });
      },
    );
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(signedOut);
    check();
  }, [check, signedOut]);

  // Signed out anywhere: the sign-in page, remembering where the broker was going.
  useEffect(() => {
    if (state.status === 'signed-out' && route.name !== 'sign-in') {
      returnTo = `${location.pathname}${location.search}`;
      navigate(hrefs.signIn(), { replace: true });
    } else if (state.status === 'signed-in' && route.name === 'sign-in') {
      navigate(hrefs.leads(), { replace: true });
    }
  }, [state.status, route.name]);

  if (state.status === 'checking') {
    return (
      <main id="main" className="shell-message">
        <p role="status">Loading the inbox…</p>
      </main>
    );
  }
  if (state.status === 'unreachable') {
    return (
      <main id="main" className="shell-message">
        <h1 className="page-title">The desk is not answering</h1>
        <p>Check the connection, then try again.</p>
        <button type="button" className="button" onClick={check}>
          Try again
        </button>
      </main>
    );
  }
  if (state.status === 'signed-out') {
    return (
      <>
        <SignInPage
          onSignedIn={(session) => {
            setCsrfToken(session.csrfToken);
            setState({ status: 'signed-in', session });
            const target = returnTo ?? hrefs.leads();
            returnTo = null;
            navigate(target === hrefs.signIn() ? hrefs.leads() : target, {
              replace: true,
              focus: true,
            });
          }}
        />
        <Announcer />
      </>
    );
  }
  return (
    <SessionContext.Provider value={state.session}>
      <Shell
        session={state.session}
        route={route}
        onSignOut={async () => {
          try {
            await api<void>('session', { method: 'DELETE' });
          } catch {
            // Already gone on the desk: signed out either way.
          }
          signedOut();
          returnTo = null;
          navigate(hrefs.signIn(), { replace: true, focus: true });
          announce('Signed out.');
        }}
      />
    </SessionContext.Provider>
  );
}

function Shell({
  session,
  route,
  onSignOut,
}: {
  session: SessionInfo;
  route: Route;
  onSignOut: () => void;
}) {
  const current = (name: Route['name']) => (route.name === name ? 'page' : undefined);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <span className="brand">{session.brokerageName}</span>
          <nav aria-label="Inbox" className="topnav">
            <Link href={hrefs.leads()} aria-current={current('leads')}>
              Leads
            </Link>
            <Link href={hrefs.numbers()} aria-current={current('numbers')}>
              Numbers
            </Link>
          </nav>
          <div className="who">
            <span className="who-name">
              {session.user.name} <span className="who-role">({session.user.role})</span>
            </span>
            <button type="button" className="button button-quiet" onClick={onSignOut}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        <Page route={route} />
      </main>
      <Announcer />
    </>
  );
}

function Page({ route }: { route: Route }) {
  switch (route.name) {
    case 'leads':
    case 'sign-in':
      return <LeadsPage />;
    case 'lead':
      return <LeadPage key={route.id} id={route.id} />;
    case 'numbers':
      return (
        <Suspense fallback={<p role="status">Loading the numbers…</p>}>
          <NumbersPage />
        </Suspense>
      );
    default:
      return <NotFoundPage title="Page not found" />;
  }
}
