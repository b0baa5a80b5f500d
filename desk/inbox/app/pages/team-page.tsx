import { type FormEvent, useEffect, useId, useState } from 'react';
import { API, type NewMemberBody, type TeamMemberInfo } from '../../api-contract.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { announce } from '../lib/announcements.ts';
import { InboxApiError, request } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';
import { useInboxData } from '../lib/use-inbox-data.ts';
import { MemberRow } from './team/member-row.tsx';

function messageOf(error: unknown): string {
  return error instanceof InboxApiError
    ? error.message
    : 'The desk is not answering. Check the connection and try again.';
}

/** How often the page asks again while an invite or reset email waits in the queue. */
const MAIL_RECHECK_MS = 3000;

/**
 * The broker's team (docs/inbox.md#team-inboxteam): who gets leads, their phone (none: email only), duty
 * and pauses; add an agent, invite them, send a reset link, deactivate someone who left.
 */
export default function TeamPage() {
  const session = useSession();
  const team = useInboxData(API.team, {});
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  // An invite or reset email still in the queue: ask again until it is out (or has failed), so
  // the row tells the broker what became of the click.
  const waiting = (team.data?.members ?? []).some(
    ({ linkEmail }) => linkEmail?.state === 'sending' || linkEmail?.state === 'retrying',
  );
  const { status, retry } = team;
  useEffect(() => {
    if (!waiting || status !== 'ready') {
      return;
    }
    const timer = setTimeout(retry, MAIL_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [waiting, status, retry]);
  if (session.user.role !== 'broker') {
    return (
      <>
        <PageHeading title="Team" />
        <p>Only a broker manages the team.</p>
      </>
    );
  }

  const replace = (member: TeamMemberInfo) =>
    team.set((current) => ({
      today: current?.today ?? '',
      members: current?.members.some((m) => m.id === member.id)
        ? current.members.map((m) => (m.id === member.id ? member : m))
        : [...(current?.members ?? []), member],
    }));

  /** Runs one change; its answer replaces the member's row, its words go to the live region. */
  async function change(work: () => Promise<TeamMemberInfo>, done: string): Promise<boolean> {
    setError(null);
    try {
      replace(await work());
      announce(done);
      return true;
    } catch (caught) {
      setError(messageOf(caught));
      return false;
    }
  }

  async function add(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body: NewMemberBody = {
      name: String(data.get('name') ?? ''),
      email: String(data.get('email') ?? ''),
      phone: String(data.get('phone') ?? ''),
      role: data.get('role') === 'broker' ? 'broker' : 'agent',
    };
    if (await change(() => request(API.addMember, { body }), `Added ${body.name.trim()}.`)) {
      form.reset();
    }
  }

  const members = team.data?.members ?? [];
  return (
    <>
      <PageHeading title="Team" />
      <p className="list-status" role="status">
        {team.status === 'failed'
          ? 'The team could not be loaded. Try again.'
          : team.data
            ? `${members.filter((m) => m.active).length} active, ${members.filter((m) => !m.active).length} deactivated.`
            : 'Loading the team…'}
      </p>
      <div id={errorId} role="alert" className="form-error">
        {error}
      </div>
      {team.data ? (
        <table className="data-table team-table">
          <caption className="visually-hidden">The team</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Phone</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">On duty</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                today={team.data?.today ?? ''}
                self={member.id === session.user.id}
                change={change}
              />
            ))}
          </tbody>
        </table>
      ) : null}
      <form className="team-add" aria-labelledby="team-add-title" onSubmit={add}>
        <h2 id="team-add-title">Add an agent</h2>
        <div className="field">
          <label htmlFor="team-name">Name</label>
          <input id="team-name" name="name" required maxLength={120} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="team-email">Email</label>
          <input id="team-email" name="email" type="email" required autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="team-phone">Phone</label>
          <input
            id="team-phone"
            name="phone"
            type="tel"
            autoComplete="off"
            aria-describedby="team-phone-hint"
          />
          <span id="team-phone-hint" className="hint">
            Optional. Without a phone, lead alerts go by email only.
          </span>
        </div>
        <div className="field">
          <label htmlFor="team-role">Role</label>
          <select id="team-role" name="role" defaultValue="agent">
            <option value="agent">Agent</option>
            <option value="broker">Broker</option>
          </select>
        </div>
        <button type="submit" className="button button-primary">
          Add
        </button>
      </form>
    </>
  );
}
