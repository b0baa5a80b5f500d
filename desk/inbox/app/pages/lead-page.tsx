import { type FormEvent, useEffect, useState } from 'react';
import {
  type AgentOption,
  LEAD_STATUSES,
  type LeadDetail,
  type LeadStatus,
  type LeadUpdateBody,
  type NoteBody,
} from '../../api-contract.ts';
import { announce } from '../components/announcer.tsx';
import { Link } from '../components/link.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { ApiError, api, isAbort } from '../lib/api.ts';
import { longDateTime, shortDateTime } from '../lib/format.ts';
import { kindLabel, nameOf, statusClass } from '../lib/labels.ts';
import { hrefs } from '../lib/routes.ts';
import { useSession } from '../lib/session.ts';
import { Conversation } from './lead-conversation.tsx';
import { NotFoundPage } from './not-found-page.tsx';

type Loaded =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed' }
  | { status: 'ready'; lead: LeadDetail };

/** The fields shown under Person besides name, phone and email, in this order. */
const FIELD_LABELS: Record<string, string> = {
  intent: 'Intent',
  timeframe: 'Timeframe',
  budget: 'Budget',
  notes: "Visitor's notes",
};

function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) {
    return 'Not saved: the desk refused the change. Reload the page and try again.';
  }
  return 'Not saved: the desk did not answer. Try again.';
}

export function LeadPage({ id }: { id: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api<LeadDetail>(`leads/${encodeURIComponent(id)}`, { signal: controller.signal }).then(
      (lead) => setLoaded({ status: 'ready', lead }),
      (error: unknown) => {
        if (isAbort(error)) {
          return;
        }
        setLoaded({
          status: error instanceof ApiError && error.status === 404 ? 'missing' : 'failed',
        });
      },
    );
    return () => controller.abort();
  }, [id]);

  switch (loaded.status) {
    case 'loading':
      return <p role="status">Loading the lead…</p>;
    case 'missing':
      return <NotFoundPage title="Lead not found" />;
    case 'failed':
      return (
        <section>
          <PageHeading title="The lead could not be loaded" />
          <p>The desk did not answer. Reload the page to try again.</p>
        </section>
      );
    default:
      return (
        <LeadView lead={loaded.lead} onChange={(lead) => setLoaded({ status: 'ready', lead })} />
      );
  }
}

function LeadView({ lead, onChange }: { lead: LeadDetail; onChange: (lead: LeadDetail) => void }) {
  const session = useSession();
  const tz = session.timeZone;
  const name = nameOf(lead.person.name);
  return (
    <article className="lead">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href={hrefs.leads()}>All leads</Link>
      </nav>
      <div className="lead-head">
        <PageHeading title={name} />
        <p className="lead-meta">
          <span className={statusClass(lead.status)}>{lead.status}</span>
          <span>{kindLabel(lead.kind)}</span>
          {lead.demo ? <span className="badge badge-demo">Demo</span> : null}
          <span>
            Received <time dateTime={lead.receivedAt}>{longDateTime(lead.receivedAt, tz)}</time>
          </span>
        </p>
      </div>
      <div className="lead-grid">
        <div className="lead-main">
          <PersonSection lead={lead} />
          <ListingSection lead={lead} timeZone={tz} />
          <Conversation lead={lead} />
          <ConsentSection lead={lead} timeZone={tz} />
        </div>
        <div className="lead-side">
          <ActionsSection lead={lead} onChange={onChange} />
          <DeliveriesSection lead={lead} onChange={onChange} />
          <ActivitySection lead={lead} timeZone={tz} />
        </div>
      </div>
    </article>
  );
}

function PersonSection({ lead }: { lead: LeadDetail }) {
  const { person, fields } = lead;
  const extra = Object.entries(FIELD_LABELS).flatMap(([key, label]) => {
    const value = fields[key];
    return typeof value === 'string' || typeof value === 'number'
      ? [{ key, label, value: String(value) }]
      : [];
  });
  return (
    <section className="panel" aria-labelledby="person-title">
      <h2 id="person-title">Person</h2>
      <dl className="facts">
        <dt>Name</dt>
        <dd>{nameOf(person.name)}</dd>
        <dt>Phone</dt>
        <dd>
          {person.phone ? (
            <a href={`tel:${person.phone.replace(/[^\d+]/g, '')}`}>{person.phone}</a>
          ) : (
            '—'
          )}
        </dd>
        <dt>Email</dt>
        <dd>
          {person.email ? <a href={`mailto:${encodeURI(person.email)}`}>{person.email}</a> : '—'}
        </dd>
        {extra.map((field) => (
          <Fact key={field.key} label={field.label} value={field.value} />
        ))}
        <dt>May be contacted</dt>
        <dd>{lead.consent.consentToContact ? 'Yes' : 'Not asked or no'}</dd>
      </dl>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

function ListingSection({ lead, timeZone }: { lead: LeadDetail; timeZone: string }) {
  const { listing } = lead;
  return (
    <section className="panel" aria-labelledby="listing-title">
      <h2 id="listing-title">Listing</h2>
      <dl className="facts">
        <dt>Address</dt>
        <dd>{listing.address ?? '—'}</dd>
        {listing.price ? <Fact label="Price" value={listing.price} /> : null}
        {listing.id ? <Fact label="Listing id" value={listing.id} /> : null}
        {listing.agentName ? <Fact label="Listing agent" value={listing.agentName} /> : null}
        {listing.url ? <Fact label="Listing page" value={listing.url} /> : null}
        {lead.pageUrl ? <Fact label="Asked from" value={lead.pageUrl} /> : null}
      </dl>
      {lead.viewingTimes.length > 0 ? (
        <>
          <h3>Viewing times</h3>
          <ul className="viewings">
            {lead.viewingTimes.map((time, i) => (
              // Times keep the order the visitor gave them; the same words may repeat.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i}>
                <strong>
                  {time.start ? (
                    <time dateTime={time.start}>{longDateTime(time.start, timeZone)}</time>
                  ) : (
                    'No exact time'
                  )}
                  {time.start && time.approximate ? ' (approximate)' : null}
                </strong>
                <span className="said">
                  Visitor said: <q>{time.said}</q>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function ConsentSection({ lead, timeZone }: { lead: LeadDetail; timeZone: string }) {
  const { consent } = lead;
  return (
    <section className="panel" aria-labelledby="consent-title">
      <h2 id="consent-title">Consent</h2>
      {consent.version === null && consent.text === null ? (
        <p className="muted">No recording disclosure was recorded for this lead.</p>
      ) : (
        <>
          {consent.text ? (
            <blockquote className="disclosure">
              <p>{consent.text}</p>
            </blockquote>
          ) : null}
          <dl className="facts">
            <dt>Version</dt>
            <dd>
              <code>{consent.version ?? '—'}</code>
            </dd>
            <dt>Agreed at</dt>
            <dd>
              {consent.acceptedAt ? (
                <time dateTime={consent.acceptedAt}>
                  {longDateTime(consent.acceptedAt, timeZone)}
                </time>
              ) : (
                '—'
              )}
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}

function ActionsSection({
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
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
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
            {assignable.map((agent) => (
              <option key={agent.email} value={agent.email}>
                {agent.name}
              </option>
            ))}
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

function DeliveriesSection({
  lead,
  onChange,
}: {
  lead: LeadDetail;
  onChange: (lead: LeadDetail) => void;
}) {
  const [retrying, setRetrying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function retry(id: string, adapter: string): Promise<void> {
    setRetrying(id);
    setError(null);
    try {
      onChange(
        await api<LeadDetail>(`deliveries/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
      );
      announce(`Saved: ${adapter} delivery queued again.`);
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setRetrying(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      {lead.deliveries.length === 0 ? (
        <p className="muted">No deliveries for this lead.</p>
      ) : (
        <ul className="deliveries">
          {lead.deliveries.map((delivery) => (
            <li key={delivery.id}>
              <span className="delivery-adapter">{delivery.adapter}</span>
              <span className={`delivery-status delivery-${delivery.status}`}>
                {delivery.status === 'dead'
                  ? 'Failed'
                  : delivery.status === 'delivered'
                    ? 'Delivered'
                    : 'Pending'}
              </span>
              <span className="muted">
                {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
              {delivery.lastError ? <span className="hint">{delivery.lastError}</span> : null}
              {delivery.status === 'dead' ? (
                <button
                  type="button"
                  className="button"
                  disabled={retrying === delivery.id}
                  aria-label={`Retry ${delivery.adapter}`}
                  onClick={() => retry(delivery.id, delivery.adapter)}
                >
                  Retry
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <div role="alert" className="form-error">
        {error}
      </div>
    </section>
  );
}

function ActivitySection({ lead, timeZone }: { lead: LeadDetail; timeZone: string }) {
  return (
    <section className="panel" aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      {lead.activity.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ol className="activity">
          {lead.activity.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows at one end
            <li key={`${entry.at}-${i}`}>
              <time dateTime={entry.at}>{shortDateTime(entry.at, timeZone)}</time>
              <span className="activity-by">{entry.by ?? 'Desk'}</span>
              <span className="activity-text">{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
