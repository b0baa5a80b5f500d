import { type FormEvent, useId, useRef, useState } from 'react';
import { API, type SessionInfo, type SignInBody } from '../../api-contract.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { InboxApiError, request } from '../lib/api.ts';
import { ForgotPassword } from './team/forgot-password.tsx';

/** One message for a wrong email and a wrong password: it tells nobody which one exists. */
export const WRONG_CREDENTIALS = 'That email and password do not match an account.';
export const TOO_MANY_ATTEMPTS =
  'Too many attempts. For your security, sign-in is paused: try again in 15 minutes.';

export const NEEDS_HTTPS = 'Sign-in needs HTTPS, or open it on localhost.';

// A browser drops the desk's Secure session cookie on plain HTTP anywhere but loopback, so
// signing in there would come straight back here: say why before anyone tries.
function insecureOrigin(): boolean {
  const { protocol, hostname } = window.location;
  return protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

function messageOf(error: unknown): string {
  if (error instanceof InboxApiError) {
    if (error.status === 401 || error.status === 400) {
      return WRONG_CREDENTIALS;
    }
    if (error.status === 429) {
      return TOO_MANY_ATTEMPTS;
    }
  }
  return 'The desk is not answering. Check the connection and try again.';
}

export function SignInPage({ onSignedIn }: { onSignedIn: (session: SessionInfo) => void }) {
  const [error, setError] = useState<string | null>(() => (insecureOrigin() ? NEEDS_HTTPS : null));
  const [sending, setSending] = useState(false);
  const [forgot, setForgot] = useState(false);
  const errorId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const fieldsWrong = error !== null && error !== TOO_MANY_ATTEMPTS && error !== NEEDS_HTTPS;

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (insecureOrigin()) {
      setError(NEEDS_HTTPS);
      return;
    }
    const data = new FormData(event.currentTarget);
    const body: SignInBody = {
      email: String(data.get('email') ?? '').trim(),
      password: String(data.get('password') ?? ''),
    };
    setSending(true);
    setError(null);
    try {
      const session = await request(API.signIn, { body }, { quietUnauthorized: true });
      onSignedIn(session);
    } catch (caught) {
      setError(messageOf(caught));
      setSending(false);
      emailRef.current?.focus();
    }
  }

  if (forgot) {
    return (
      <main id="main" className="sign-in">
        <ForgotPassword onBack={() => setForgot(false)} />
      </main>
    );
  }

  return (
    <main id="main" className="sign-in">
      <form className="sign-in-card" aria-labelledby="sign-in-title" onSubmit={submit} noValidate>
        <PageHeading title="Sign in" id="sign-in-title" />
        <p className="muted">The brokerage's inbox: leads, conversations and numbers.</p>
        <div className="field">
          <label htmlFor="sign-in-email">Email</label>
          <input
            ref={emailRef}
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            aria-invalid={fieldsWrong ? true : undefined}
            aria-describedby={error === null ? undefined : errorId}
          />
        </div>
        <div className="field">
          <label htmlFor="sign-in-password">Password</label>
          <input
            id="sign-in-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={fieldsWrong ? true : undefined}
            aria-describedby={error === null ? undefined : errorId}
          />
        </div>
        <div id={errorId} role="alert" className="form-error">
          {error}
        </div>
        <button type="submit" className="button button-primary" disabled={sending}>
          Sign in
        </button>
        <button type="button" className="sign-in-link" onClick={() => setForgot(true)}>
          Forgot password?
        </button>
      </form>
    </main>
  );
}
