import { API, type LeadDetail, type LeadUpdateBody } from '../../../api-contract.ts';
import { AgentOptions } from '../../components/agent-options.tsx';
import { useInboxData } from '../../lib/use-inbox-data.ts';

/**
 * A broker's `Assign to` select. It appears once the agents are loaded, so its value is never
 * shown without its options (read before them, it was empty). If the agents cannot be loaded,
 * it offers the current assignee only.
 */
export function AssignField({
  lead,
  update,
}: {
  lead: LeadDetail;
  update: (body: LeadUpdateBody, optimistic: LeadDetail, saved: string) => void;
}) {
  const list = useInboxData(API.agents, {});
  const agents = list.data ?? [];
  const assignedEmail = lead.assignedTo.email ?? '';
  const assignable =
    assignedEmail !== '' && !agents.some((a) => a.email === assignedEmail)
      ? [...agents, { name: lead.assignedTo.name ?? assignedEmail, email: assignedEmail }]
      : agents;

  function onAssign(email: string): void {
    const agent = agents.find((a) => a.email === email);
    if (!agent) {
      return;
    }
    update(
      { assignedTo: email },
      { ...lead, assignedTo: { ...lead.assignedTo, name: agent.name, email } },
      `Saved: assigned to ${agent.name}.`,
    );
  }

  return (
    <div className="field">
      {list.status === 'loading' && list.data === null ? (
        <p className="hint">Loading the agents…</p>
      ) : (
        <>
          <label htmlFor="lead-assign">Assign to</label>
          <select
            id="lead-assign"
            value={assignedEmail}
            onChange={(event) => onAssign(event.target.value)}
          >
            {assignedEmail === '' ? <option value="">Unassigned</option> : null}
            <AgentOptions agents={assignable} />
          </select>
        </>
      )}
      {lead.assignedTo.reason ? <p className="hint">Routing: {lead.assignedTo.reason}</p> : null}
    </div>
  );
}
