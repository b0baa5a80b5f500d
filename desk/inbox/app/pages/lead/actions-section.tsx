import { type FormEvent, useEffect, useState } from 'react';
import type {
  AgentOption,
  LeadDetail,
  LeadStatus,
  LeadUpdateBody,
  NoteBody,
} from '../../../api-contract.ts';
import { AgentOptions } from '../../components/agent-options.tsx';
import { announce } from '../../components/announcer.tsx';
import { StatusOptions } from '../../components/status-options.tsx';
import { api, isAbort } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { failureText } from './save-failure.ts';

/**
 * The `Actions` panel: the `Status` select, `Assign to` for brokers (agents see who holds the
 * lead), and the `Add note` form. Status and assignment show at once and roll back if the desk
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
  const [agents, setAgents] = useState<AgentOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [sendingNote, setSendingNote] = useState(false);

  useEffect(() => {
    if (!isBroker) {
      return;
    }
    const controller = new AbortController();
    api<AgentOption[]>('agents', { signal: controller.signal }).then(setAgents, (e: unknown) => {
      if (!isAbort(e)) {
        setAgents([]);
      }
    });
    return () => controller.abort();
  }, [isBroker]);

  async function update(body: LeadUpdateBody, optimistic: LeadDetail, saved: string) {
    onChange(optimistic);
    setError(null);
    try {
      const next = await api<LeadDetail>(`leads/${encodeURIComponent(lead.id)}`, {
        method: 'PATCH',
        body,
      });
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

  function onAssign(email: string): void {
    const agent = agents?.find((a) => a.email === email);
    if (!agent) {
      return;
    }
    update(
      { assignedTo: email },
      { ...lead, assignedTo: { ...lead.assignedTo, name: agent.name, email } },
      `Saved: assigned to ${agent.name}.`,
    );
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
      const body: NoteBody = { text };
      const next = await api<LeadDetail>(`leads/${encodeURIComponent(lead.id)}/notes`, {
        method: 'POST',
        body,
      });
      onChange(next);
      setNote('');
      announce('Saved: note added.');
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setSendingNote(false);
    }
  }

  const assignedEmail = lead.assignedTo.email ?? '';
  const assignable =
    agents && assignedEmail !== '' && !agents.some((a) => a.email === assignedEmail)
      ? [...agents, { name: lead.assignedTo.name ?? assignedEmail, email: assignedEmail }]
      : (agents ?? []);

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
        <div className="field">
          <label htmlFor="lead-assign">Assign to</label>
          <select
            id="lead-assign"
            value={assignedEmail}
            disabled={agents === null}
            onChange={(event) => onAssign(event.target.value)}
          >
            {assignedEmail === '' ? <option value="">Unassigned</option> : null}
            <AgentOptions agents={assignable} />
          </select>
          {lead.assignedTo.reason ? (
            <p className="hint">Routing: {lead.assignedTo.reason}</p>
          ) : null}
        </div>
      ) : (
        <p>
          Assigned to <strong>{lead.assignedTo.name ?? lead.assignedTo.email ?? 'nobody'}</strong>
        </p>
      )}
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
        <button type="submit" className="button button-primary" disabled={sendingNote}>
          Add note
        </button>
      </form>
      <div role="alert" className="form-error">
        {error}
      </div>
    </section>
  );
}
