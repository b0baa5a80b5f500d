import { type FormEvent, useEffect, useRef, useState } from 'react';
import { API, type LeadDetail, type PersonDeletionCounts } from '../../../api-contract.ts';
import { DELETE_CONFIRMATION } from '../../../person-rights-contract.ts';
import { announce } from '../../lib/announcements.ts';
import { InboxApiError, request, routeUrl } from '../../lib/api.ts';
import { nameOf } from '../../lib/labels.ts';
import { navigate } from '../../lib/navigation.ts';
import { pageHref } from '../../lib/routes.ts';
import { useSession } from '../../lib/session.ts';

function deletedText(name: string, counts: PersonDeletionCounts): string {
  const cancelled =
    counts.deliveriesCancelled > 0
      ? ` ${counts.deliveriesCancelled} pending deliveries were cancelled.`
      : '';
  return (
    `Deleted ${name}: ${counts.leads} lead(s), ${counts.captures} capture(s), ` +
    `${counts.conversations} conversation(s) and ${counts.notes} note(s).${cancelled}`
  );
}

function failureText(error: unknown): string {
  if (error instanceof InboxApiError && error.status === 404) {
    return 'Not deleted: this lead is gone already. Go back to the leads.';
  }
  return 'Not deleted: the desk did not answer. Try again.';
}

/**
 * A broker's `Their data` panel (docs/inbox.md#a-persons-data): `Export data` downloads the
 * JSON file of everything stored about the person; `Delete person…` asks the broker to type
 * DELETE (a word, not the name: a lead's name may be missing or spelled oddly), erases them and
 * goes back to the leads with what went. Agents do not see it.
 */
export function PersonRightsSection({ lead }: { lead: LeadDetail }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) {
      confirmBox.current?.focus();
    }
  }, [open]);
  if (session.user.role !== 'broker') {
    return null;
  }
  const name = nameOf(lead.person.name);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (typed.trim() !== DELETE_CONFIRMATION) {
      setError(`Type ${DELETE_CONFIRMATION} in capitals to confirm.`);
      confirmBox.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const counts = await request(API.deletePerson, {
        params: { id: lead.id },
        body: { confirm: DELETE_CONFIRMATION },
      });
      announce(deletedText(name, counts));
      navigate(pageHref('leads'), { focus: true });
    } catch (caught) {
      setError(failureText(caught));
      setSending(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="person-rights-title">
      <h2 id="person-rights-title">Their data</h2>
      <p className="hint">
        A copy of everything stored about {name}, or erasing it, when they ask. Both are recorded.
      </p>
      <div className="merge-buttons">
        <a
          className="button"
          href={routeUrl(API.exportPerson, { params: { id: lead.id } })}
          download
        >
          Export data
        </a>
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={open ? 'person-delete-form' : undefined}
          onClick={() => {
            setOpen(!open);
            setTyped('');
            setError(null);
          }}
        >
          Delete person…
        </button>
      </div>
      {open ? (
        <form
          id="person-delete-form"
          className="merge-form merge-open"
          aria-label="Delete person"
          onSubmit={submit}
        >
          <p id="person-delete-text">
            This erases <strong>{name}</strong> for good: their leads, captures, conversations,
            notes and timeline. Deliveries not yet made are cancelled, and connected systems are
            told. It cannot be undone.
          </p>
          <div className="field">
            <label htmlFor="person-delete-confirm">Type {DELETE_CONFIRMATION} to confirm</label>
            <input
              ref={confirmBox}
              id="person-delete-confirm"
              value={typed}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby="person-delete-text"
              onChange={(event) => setTyped(event.target.value)}
            />
          </div>
          <div className="merge-buttons">
            <button type="submit" className="button button-danger" disabled={sending}>
              Delete person
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
          <div role="alert" className="form-error">
            {error}
          </div>
        </form>
      ) : null}
    </section>
  );
}
