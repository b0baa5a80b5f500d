import { type FormEvent, useState } from 'react';
import {
  API,
  type LeadDetail,
  type LeadStatus,
  type LeadUpdateBody,
  NOTE_CONTACT_LABELS,
  NOTE_CONTACTS,
  type NoteBody,
  type NoteContact,
} from '../../../api-contract.ts';
import { StatusOptions } from '../../components/status-options.tsx';
import { announce } from '../../lib/announcements.ts';
import { request } from '../../lib/api.ts';
import { decisionText } from '../../lib/routing-words.ts';
import { useSession } from '../../lib/session.ts';
import { AssignField } from './assign-field.tsx';
import { MergeField } from './merge-field.tsx';
import { failureText } from './save-failure.ts';

/**
 * The `Actions` panel, acting on the whole lead (every capture of the person): the `Status`
 * select, `Assign to` for brokers (agents see who holds the lead), the `Add note` form (its
 * `Contact` choice logs a call, text or email, which claims the lead), and
 * `Merge…` for brokers. Status and assignment show at once and roll back if the desk
 * refuses; `onChange` receives each new state of the lead.
 */
export function ActionsSection({
  lead,
  onChange,
}: {
  lead: LeadDetail;
  onChange: (lead: LeadDetail) => void;
}) {
  const session = useSession();
  const isBroker = session.user.role === 'broker';
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [contact, setContact] = useState<NoteContact | ''>('');
  const [sendingNote, setSendingNote] = useState(false);

  async function update(body: LeadUpdateBody, optimistic: LeadDetail, saved: string) {
    onChange(optimistic);
    setError(null);
    try {
      const next = await request(API.updateLead, { params: { id: lead.id }, body });
      onChange(next);
      announce(saved);
    } catch (caught) {
      onChange(lead);
      setError(failureText(caught));
    }
  }

  function onStatus(status: LeadStatus): void {
    update({ status }, { ...lead, status }, `Saved: status is ${status}.`);
  }

  async function addNote(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const text = note.trim();
    if (text === '') {
      setError('Write the note first.');
      return;
    }
    setSendingNote(true);
    setError(null);
    try {
      const body: NoteBody = contact === '' ? { text } : { text, contact };
      const next = await request(API.addNote, { params: { id: lead.id }, body });
      onChange(next);
      setNote('');
      setContact('');
      announce(
        contact === ''
          ? 'Saved: note added.'
          : `Saved: ${NOTE_CONTACT_LABELS[contact].toLowerCase()} logged.`,
      );
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setSendingNote(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <div className="field">
        <label htmlFor="lead-status">Status</label>
        <select
          id="lead-status"
          value={lead.status}
          onChange={(event) => onStatus(event.target.value as LeadStatus)}
        >
          <StatusOptions />
        </select>
      </div>
      {isBroker ? (
        <AssignField lead={lead} update={update} />
      ) : (
        <p>
          Assigned to <strong>{lead.assignedTo.name ?? lead.assignedTo.email ?? 'nobody'}</strong>
        </p>
      )}
      {lead.routing ? <p className="hint lead-routing">{decisionText(lead.routing)}</p> : null}
      <form className="note-form" onSubmit={addNote}>
        <div className="field">
          <label htmlFor="lead-note">Note</label>
          <textarea
            id="lead-note"
            rows={3}
            value={note}
            maxLength={4000}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="lead-note-contact">Contact</label>
          <select
            id="lead-note-contact"
            value={contact}
            aria-describedby="lead-note-contact-hint"
            onChange={(event) => setContact(event.target.value as NoteContact | '')}
          >
            <option value="">None</option>
            {NOTE_CONTACTS.map((kind) => (
              <option key={kind} value={kind}>
                {NOTE_CONTACT_LABELS[kind]}
              </option>
            ))}
          </select>
          <p id="lead-note-contact-hint" className="hint">
            A call, text or email logged claims the lead if nobody has.
          </p>
        </div>
        <button type="submit" className="button button-primary" disabled={sendingNote}>
          Add note
        </button>
      </form>
      <div role="alert" className="form-error">
        {error}
      </div>
      {isBroker ? <MergeField lead={lead} /> : null}
    </section>
  );
}
