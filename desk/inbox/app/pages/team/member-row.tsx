import { type FormEvent, useState } from 'react';
import { API, type TeamMemberInfo } from '../../../api-contract.ts';
import { Link } from '../../components/link.tsx';
import { request } from '../../lib/api.ts';
import { pageHref } from '../../lib/routes.ts';

type Change = (work: () => Promise<TeamMemberInfo>, done: string) => Promise<boolean>;

/** What the status column says: deactivated, paused, invite pending or active. */
function statusText(member: TeamMemberInfo): string {
  if (!member.active) {
    return 'Deactivated';
  }
  if (member.pausedFrom !== null && member.pausedTo !== null) {
    return `${member.pausedNow ? 'Paused' : 'Pause planned'} ${member.pausedFrom} to ${member.pausedTo}`;
  }
  return member.hasPassword ? 'Active' : 'Active · no password yet';
}

/**
 * Whether their last invite or reset email went out: the click answers before the queue sends
 * it, so a mail server that refuses shows here, with what to do. Nothing once it is sent.
 */
function linkEmailText({ linkEmail }: TeamMemberInfo): string | null {
  if (linkEmail === null || linkEmail.state === 'sent') {
    return null;
  }
  const what = linkEmail.purpose === 'invite' ? 'Invite email' : 'Reset email';
  if (linkEmail.state === 'failed') {
    return `${what} could not be sent: check the desk's mail settings (SMTP_URL), then send it again.`;
  }
  return linkEmail.state === 'retrying'
    ? `${what} not sent yet: trying again.`
    : `${what} sending.`;
}

/** One member's row of the team table, with the changes a broker makes to them. */
export function MemberRow({
  member,
  today,
  self,
  change,
}: {
  member: TeamMemberInfo;
  today: string;
  self: boolean;
  change: Change;
}) {
  const [confirming, setConfirming] = useState(false);
  const params = { params: { id: member.id } };
  const who = member.name;
  const mailText = linkEmailText(member);

  async function pause(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { pausedFrom: String(data.get('from')), pausedTo: String(data.get('to')) };
    await change(
      () => request(API.updateMember, { ...params, body }),
      `${who} is paused from ${body.pausedFrom} to ${body.pausedTo}.`,
    );
  }

  return (
    <tr className={member.active ? undefined : 'member-inactive'}>
      <th scope="row">
        {member.name}
        <div className="muted">{member.email}</div>
      </th>
      <td>{member.phone ?? <span className="muted">None: email only</span>}</td>
      <td>{member.role === 'broker' ? 'Broker' : 'Agent'}</td>
      <td>
        {statusText(member)}
        {mailText === null ? null : (
          <div className={member.linkEmail?.state === 'failed' ? 'member-mail-failed' : 'muted'}>
            {mailText}
          </div>
        )}
        {member.leadsToReassign > 0 ? (
          <div>
            <Link href={pageHref('leads', {}, `agent=${encodeURIComponent(member.email)}`)}>
              {member.leadsToReassign} open {member.leadsToReassign === 1 ? 'lead' : 'leads'} to
              reassign
            </Link>
          </div>
        ) : null}
      </td>
      <td>
        <label className="field-check">
          <input
            type="checkbox"
            checked={member.onDuty}
            disabled={!member.active}
            onChange={(event) => {
              const onDuty = event.currentTarget.checked;
              void change(
                () => request(API.updateMember, { ...params, body: { onDuty } }),
                `${who} is ${onDuty ? 'on' : 'off'} duty.`,
              );
            }}
          />
          <span className="visually-hidden">{who} on duty</span>
        </label>
      </td>
      <td className="member-actions">
        {member.active ? (
          <>
            <button
              type="button"
              className="button"
              onClick={() =>
                change(() => request(API.inviteMember, params), `Invite sent to ${member.email}.`)
              }
            >
              {member.hasPassword ? 'Resend invite' : 'Invite'}
              <span className="visually-hidden"> {who}</span>
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                change(() => request(API.sendReset, params), `Reset link sent to ${member.email}.`)
              }
            >
              Send reset link<span className="visually-hidden"> to {who}</span>
            </button>
            <details className="member-pause">
              <summary>
                Pause<span className="visually-hidden"> {who}</span>
              </summary>
              <form onSubmit={pause}>
                <div className="field">
                  <label htmlFor={`pause-from-${member.id}`}>From</label>
                  <input
                    id={`pause-from-${member.id}`}
                    name="from"
                    type="date"
                    required
                    defaultValue={member.pausedFrom ?? today}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`pause-to-${member.id}`}>To</label>
                  <input
                    id={`pause-to-${member.id}`}
                    name="to"
                    type="date"
                    required
                    defaultValue={member.pausedTo ?? today}
                  />
                </div>
                <button type="submit" className="button">
                  Save pause<span className="visually-hidden"> for {who}</span>
                </button>
                {member.pausedFrom !== null ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      change(
                        () =>
                          request(API.updateMember, {
                            ...params,
                            body: { pausedFrom: null, pausedTo: null },
                          }),
                        `${who}'s pause is over.`,
                      )
                    }
                  >
                    End pause<span className="visually-hidden"> for {who}</span>
                  </button>
                ) : null}
              </form>
            </details>
            {self ? null : confirming ? (
              <button
                type="button"
                className="button button-danger"
                onClick={() =>
                  change(
                    () => request(API.deactivateMember, params),
                    `${who} is deactivated and signed out everywhere.`,
                  )
                }
              >
                Confirm: deactivate {who}
              </button>
            ) : (
              <button type="button" className="button" onClick={() => setConfirming(true)}>
                Deactivate<span className="visually-hidden"> {who}</span>
              </button>
            )}
          </>
        ) : null}
      </td>
    </tr>
  );
}
