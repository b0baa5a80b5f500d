import { type ComponentType, Suspense, useCallback, useEffect, useLayoutEffect } from 'react';
import { API, type SessionInfo } from '../api-contract.ts';
import { Announcer } from './components/announcer.tsx';
import { Link } from './components/link.tsx';
import { announce } from './lib/announcements.ts';
import { InboxApiError, request, setCsrfToken, setUnauthorizedHandler } from './lib/api.ts';
import { navigate, useLocation } from './lib/navigation.ts';
import { pageHref, type Route, routeOf } from './lib/routes.ts';
import { SessionContext } from './lib/session.ts';
import { useInboxData } from './lib/use-inbox-data.ts';
import { PAGE_VIEWS } from './page-views.ts';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { SetPasswordPage } from './pages/team/set-password-page.tsx';

type SessionState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'unreachable' }
  | { status: 'signed-in'; session: SessionInfo };

/** What a sign-out, or a 401 from any request, makes of the session check's answer. */
const SIGNED_OUT = new InboxApiError(401, 'unauthorized', 'Signed out');

/** Where to go after signing in: the page that asked for it, or the leads list. */
let returnTo: string | null = null;

/**
 * Opened on the sign-in page: the form shows at once and the desk is not asked for a session, so
 * the page's first paint is the form and no 401 is logged (issue 28 #5). Someone still signed in
 * who opens it signs in again.
 */
const OPENED_SIGNED_OUT = ['sign-in', 'invite', 'reset-password'].includes(
  routeOf(location.pathname).name,
)
  ? SIGNED_OUT
  : undefined;

/** A page an invite or reset link opens (desk/inbox/team-contract.ts). */
function linkPage(route: Route): route is Extract<Route, { name: 'invite' | 'reset-password' }> {
  return route.name === 'invite' || route.name === 'reset-password';
}

export function App() {
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  const check = useInboxData(
    API.session,
    {},
    { quietUnauthorized: true, knownFailure: OPENED_SIGNED_OUT },
  );
  const { set: setSession, fail: failSession, retry: checkAgain } = check;
  const state: SessionState =
    check.status === 'loading'
      ? { status: 'checking' }
      : check.status === 'failed' || check.data === null
        ? check.error instanceof InboxApiError && check.error.status === 401
          ? { status: 'signed-out' }
          : { status: 'unreachable' }
        : { status: 'signed-in', session: check.data };

  const signedOut = useCallback(() => {
    setCsrfToken(null);
    failSession(SIGNED_OUT);
  }, [failSession]);

  useEffect(() => {
    setUnauthorizedHandler(signedOut);
  }, [signedOut]);

  const csrfToken = state.status === 'signed-in' ? state.session.csrfToken : null;
  useEffect(() => {
    if (csrfToken !== null) {
      setCsrfToken(csrfToken);
    }
  }, [csrfToken]);

  // Signed out anywhere: the sign-in page, remembering where the broker was going. A layout
  // effect, so the address has moved before the form is painted or seen by anything.
  useLayoutEffect(() => {
    if (state.status === 'signed-out' && route.name !== 'sign-in' && !linkPage(route)) {
      returnTo = `${location.pathname}${location.search}`;
      navigate(pageHref('sign-in'), { replace: true });
    } else if (state.status === 'signed-in' && route.name === 'sign-in') {
      navigate(pageHref('leads'), { replace: true });
    }
  }, [state.status, route.name]);

  // An invite or reset link sets a password whoever is signed in (or nobody).
  if (linkPage(route)) {
    return (
      <>
        <SetPasswordPage
          token={decodeURIComponent(location.hash.slice(1))}
          purpose={route.name === 'invite' ? 'invite' : 'reset'}
        />
        <Announcer />
      </>
    );
  }
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
        <button type="button" className="button" onClick={checkAgain}>
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
            setSession(session);
            const target = returnTo ?? pageHref('leads');
            returnTo = null;
            navigate(target === pageHref('sign-in') ? pageHref('leads') : target, {
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
            await request(API.signOut, {});
          } catch {
            // Already gone on the desk: signed out either way.
          }
          signedOut();
          returnTo = null;
          navigate(pageHref('sign-in'), { replace: true, focus: true });
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
            <Link href={pageHref('leads')} aria-current={current('leads')}>
              Leads
            </Link>
            <Link href={pageHref('numbers')} aria-current={current('numbers')}>
              Numbers
            </Link>
            {session.user.role === 'broker' ? (
              <>
                <Link href={pageHref('team')} aria-current={current('team')}>
                  Team
                </Link>
                <Link href={pageHref('routing')} aria-current={current('routing')}>
                  Routing
                </Link>
              </>
            ) : null}
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
        {/* A signed-in page is a chunk of its own (page-views.ts), fetched when first shown. */}
        <Suspense fallback={<p role="status">Loading the page…</p>}>
          <Page route={route} />
        </Suspense>
      </main>
      <Announcer />
    </>
  );
}

function Page({ route }: { route: Route }) {
  if (route.name === 'not-found' || linkPage(route)) {
    return <NotFoundPage title="Page not found" />;
  }
  // Signed in on the sign-in page: the leads list shows while the address moves there.
  const name = route.name === 'sign-in' ? 'leads' : route.name;
  const View = PAGE_VIEWS[name] as ComponentType<{ params: Record<string, string> }>;
  return <View key={JSON.stringify(route.params)} params={route.params} />;
}
