import type { RuleAction } from '../../../../routing/rules-contract.ts';
import type { RoutingView } from '../../../api-contract.ts';
import { fieldProblem, type RuleError } from './field-problem.tsx';

/** A member of the team as the rules see them. */
export type RoutingTeamMember = RoutingView['team'][number];

/** The names the desk may put in `field` for the action and for a round robin's members. */
export const ACTION_KEYS = new Set(['action', 'type', 'email', 'members', 'weight']);

/** A new action of `type`, keeping what the old one named where it can. */
function actionOf(type: string, team: readonly RoutingTeamMember[], old: RuleAction): RuleAction {
  const first = team.find((m) => m.active)?.email ?? '';
  switch (type) {
    case 'agent':
      return { type, email: old.type === 'round-robin' ? (old.members[0]?.email ?? first) : first };
    case 'round-robin':
      return { type, members: old.type === 'agent' ? [{ email: old.email, weight: 1 }] : [] };
    case 'on-duty':
      return { type: 'on-duty' };
    default:
      return { type: 'listing-agent' };
  }
}

/** Why routing would pass a member over today (paused or inactive), as a hint beside their name. */
function memberState(member: Pick<RoutingTeamMember, 'active' | 'paused'>): string {
  if (!member.active) {
    return ' (inactive)';
  }
  return member.paused ? ' (paused)' : '';
}

/**
 * A rule's action: who gets the lead, and the one agent or the round robin's weighted members
 * (every member of the team listed, with why routing would skip them today). A refusal about the
 * action shows beside the control it is about.
 */
export function ActionFields({
  action,
  team,
  error,
  idOf: id,
  onChange,
}: {
  action: RuleAction;
  team: readonly RoutingTeamMember[];
  error: RuleError | null;
  idOf: (name: string) => string;
  onChange: (action: RuleAction) => void;
}) {
  const problem = (about: (key: string) => boolean) => fieldProblem(error, about, id('error'));
  const actionError = problem((key) => key === 'action' || key === 'type');
  const agentError = problem((key) => key === 'email' && action.type === 'agent');
  const membersError = problem(
    (key) =>
      key === 'members' || key === 'weight' || (key === 'email' && action.type === 'round-robin'),
  );
  const members = action.type === 'round-robin' ? action.members : [];
  const known = new Set(team.map((m) => m.email.toLowerCase()));
  const rows = [
    ...team,
    ...members
      .filter((m) => !known.has(m.email.toLowerCase()))
      .map((m) => ({ name: m.email, email: m.email, active: false, paused: false, onDuty: false })),
  ];
  const setMembers = (next: { email: string; weight: number }[]) =>
    onChange({ type: 'round-robin', members: next });

  return (
    <>
      <div className="field">
        <label htmlFor={id('action')}>Who gets the lead</label>
        <select
          id={id('action')}
          value={action.type}
          aria-describedby={actionError.id}
          onChange={(e) => onChange(actionOf(e.currentTarget.value, team, action))}
        >
          <option value="listing-agent">The listing agent</option>
          <option value="on-duty">The agent on duty</option>
          <option value="agent">One agent</option>
          <option value="round-robin">Round robin</option>
        </select>
        {actionError.node}
      </div>
      {action.type === 'agent' ? (
        <div className="field">
          <label htmlFor={id('agent')}>Agent</label>
          <select
            id={id('agent')}
            value={action.email}
            aria-invalid={agentError.id ? true : undefined}
            aria-describedby={agentError.id}
            onChange={(e) => onChange({ type: 'agent', email: e.currentTarget.value })}
          >
            {rows.map((m) => (
              <option key={m.email} value={m.email}>
                {m.name}
                {memberState(m)}
              </option>
            ))}
          </select>
          {agentError.node}
        </div>
      ) : null}
      {action.type === 'round-robin' ? (
        <fieldset className="rule-fieldset" aria-describedby={membersError.id}>
          <legend>Round robin members</legend>
          <p className="hint">
            A weight of 2 gets twice the leads of 1 (1 to 10). Paused and inactive agents are
            skipped.
          </p>
          {rows.map((m) => {
            const member = members.find((x) => x.email.toLowerCase() === m.email.toLowerCase());
            return (
              <div className="rule-member" key={m.email}>
                <label className="field-check">
                  <input
                    type="checkbox"
                    checked={member !== undefined}
                    onChange={(e) =>
                      setMembers(
                        e.currentTarget.checked
                          ? [...members, { email: m.email, weight: 1 }]
                          : members.filter((x) => x !== member),
                      )
                    }
                  />
                  {m.name}
                  <span className="muted">{memberState(m)}</span>
                </label>
                {member ? (
                  <label className="field-inline">
                    Weight<span className="visually-hidden"> for {m.name}</span>
                    <input
                      type="number"
                      min={1}
                      max={10}
                      value={member.weight}
                      onChange={(e) =>
                        setMembers(
                          members.map((x) =>
                            x === member ? { ...x, weight: Number(e.currentTarget.value) } : x,
                          ),
                        )
                      }
                    />
                  </label>
                ) : null}
              </div>
            );
          })}
          {membersError.node}
        </fieldset>
      ) : null}
    </>
  );
}
