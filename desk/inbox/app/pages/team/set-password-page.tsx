import { type FormEvent, useId, useState } from 'react';
import { API } from '../../../api-contract.ts';
import { Link } from '../../components/link.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { InboxApiError, request } from '../../lib/api.ts';
import { pageHref } from '../../lib/routes.ts';

/** The minimum the desk accepts (desk/auth/password.ts MIN_PASSWORD_LENGTH). */
const MIN_LENGTH = 12;

/**
 * Where an invite or reset link lands (docs/inbox.md#team-inboxteam): the new password, twice. The link
 * works once; a used or expired one says to ask for a new one.
 */
export function SetPasswordPage({
  token,
  purpose,
}: {
  token: string;
  purpose: 'invite' | 'reset';
}) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  const errorId = useId();
  const title = purpose === 'invite' ? 'Set your password' : 'Choose a new password';

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    if (password.length < MIN_LENGTH) {
      setError(`The password must be at least ${MIN_LENGTH} characters.`);
      return;
    }
    if (password !== String(data.get('again') ?? '')) {
      setError('The two passwords are not the same.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await request(API.setPassword, { body: { token, password } }, { quietUnauthorized: true });
      setDone(true);
    } catch (caught) {
      setError(
        caught instanceof InboxApiError
          ? caught.message
          : 'The desk is not answering. Check the connection and try again.',
      );
      setSending(false);
    }
  }

  return (
    <main id="main" className="sign-in">
      {done ? (
        <div className="sign-in-card">
          <PageHeading title="Password set" />
          <p role="status">Your password is set. Sign in with it now.</p>
          <Link className="button button-primary" href={pageHref('sign-in')}>
            Sign in
          </Link>
        </div>
      ) : (
        <form
          className="sign-in-card"
          aria-labelledby="set-password-title"
          onSubmit={submit}
          noValidate
        >
          <PageHeading title={title} id="set-password-title" />
          <div className="field">
            <label htmlFor="new-password">New password</label>
            <input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_LENGTH}
              aria-describedby={`${errorId}-hint`}
            />
            <span id={`${errorId}-hint`} className="hint">
              At least {MIN_LENGTH} characters.
            </span>
          </div>
          <div className="field">
            <label htmlFor="new-password-again">The same password again</label>
            <input
              id="new-password-again"
              name="again"
              type="password"
              autoComplete="new-password"
              required
            />
          </div>
          <div id={errorId} role="alert" className="form-error">
            {error}
          </div>
          <button type="submit" className="button button-primary" disabled={sending}>
            Save password
          </button>
        </form>
      )}
    </main>
  );
}
