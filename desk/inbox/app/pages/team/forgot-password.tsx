import { type FormEvent, useState } from 'react';
import { API } from '../../../api-contract.ts';
import { request } from '../../lib/api.ts';

/**
 * "Forgot password?" on the sign-in page: the email, then the desk's one answer, the same
 * whether or not the email has an account (docs/inbox.md#team-inboxteam).
 */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (email === '') {
      setAnswer('Give the email you sign in with.');
      return;
    }
    setSending(true);
    try {
      const sent = await request(
        API.forgotPassword,
        { body: { email } },
        { quietUnauthorized: true },
      );
      setAnswer(sent.message);
    } catch {
      setAnswer('The desk is not answering. Check the connection and try again.');
    }
    setSending(false);
  }

  return (
    <form className="sign-in-card" aria-labelledby="forgot-title" onSubmit={submit} noValidate>
      <h1 id="forgot-title" className="page-title" tabIndex={-1}>
        Reset your password
      </h1>
      <p className="muted">We'll email a link to choose a new password.</p>
      <div className="field">
        <label htmlFor="forgot-email">Email</label>
        <input id="forgot-email" name="email" type="email" autoComplete="username" required />
      </div>
      <p role="status">{answer}</p>
      <button type="submit" className="button button-primary" disabled={sending}>
        Send the link
      </button>
      <button type="button" className="sign-in-link" onClick={onBack}>
        Back to sign in
      </button>
    </form>
  );
}
