import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type {
  RoutingRule,
  RuleAction,
  RuleConditions,
  RuleKind,
} from '../../../../routing/rules-contract.ts';
import type { RoutingView } from '../../../api-contract.ts';
import { listOf } from './rules-draft.ts';

/** A member of the team as the rules see them. */
export type RoutingTeamMember = RoutingView['team'][number];

/** The desk's refusal of the draft, pointed at one name of this rule's form (or at none). */
export interface RuleError {
  key: string | null;
  message: string;
}

type ListKey = 'listingIds' | 'listingAgents' | 'cities' | 'languages' | 'pagePaths' | 'sources';

const LIST_FIELDS: { key: ListKey; label: string; hint: string }[] = [
  { key: 'listingIds', label: 'Listing ids', hint: 'MRR-14-LINDEN, MRR-2-OAK' },
  { key: 'listingAgents', label: 'Listing agents', hint: 'The listing agent’s name' },
  { key: 'cities', label: 'Cities', hint: 'Named in the listing’s address: Kitsilano' },
  { key: 'languages', label: 'Languages', hint: 'Language codes: fr, es' },
  { key: 'pagePaths', label: 'Page paths', hint: 'Path starts: /listings/' },
  { key: 'sources', label: 'Sources', hint: 'utm_source or referrer host: google, direct' },
];

/** The names the desk may put in `field` for the action, by the control that shows them. */
const ACTION_KEYS = new Set(['action', 'type']);
const MEMBER_KEYS = new Set(['members', 'weight']);

function kindsOf(value: string): RuleKind[] | undefined {
  return value === 'lead' || value === 'viewing' ? [value] : undefined;
}

function priceOf(text: string): number | undefined {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

/** The conditions with `key` set, or left out when the value says "no condition". */
function withCondition<K extends keyof RuleConditions>(
  conditions: RuleConditions,
  key: K,
  value: RuleConditions[K] | undefined,
): RuleConditions {
  const next = { ...conditions };
  if (value === undefined) {
    delete next[key];
  } else {
    next[key] = value;
  }
  return next;
}

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

/** What routing would skip a member for today, as a hint beside their name. */
function memberState(member: Pick<RoutingTeamMember, 'active' | 'paused' | 'onDuty'>): string {
  if (!member.active) {
    return ' (inactive)';
  }
  if (member.paused) {
    return ' (paused)';
  }
  return member.onDuty ? '' : ' (off duty)';
}

/**
 * The form of one rule: its name, its conditions in two fieldsets (the listing, the lead) and its
 * action. Every change goes straight into the page's draft; list fields are typed
 * comma-separated and kept as typed here.
 */
export function RuleEditor({
  rule,
  team,
  error,
  onChange,
  onClose,
}: {
  rule: RoutingRule;
  team: readonly RoutingTeamMember[];
  error: RuleError | null;
  onChange: (rule: RoutingRule) => void;
  onClose: () => void;
}) {
  const base = useId();
  const id = (name: string) => `${base}-${name}`;
  const nameRef = useRef<HTMLInputElement>(null);
  const [texts, setTexts] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(
      LIST_FIELDS.map((f) => [f.key, (rule.conditions[f.key] ?? []).join(', ')]),
    ),
    priceMin: rule.conditions.priceMin?.toString() ?? '',
    priceMax: rule.conditions.priceMax?.toString() ?? '',
  }));
  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const { conditions, action } = rule;
  const setConditions = (next: RuleConditions) => onChange({ ...rule, conditions: next });
  const setText = (key: string, text: string, next: RuleConditions) => {
    setTexts((t) => ({ ...t, [key]: text }));
    setConditions(next);
  };

  /** The refusal's words beside the control they are about, and that control's description. */
  const errorFor = (keys: (key: string) => boolean): { id?: string; node: ReactNode } => {
    if (error === null || error.key === null || !keys(error.key)) {
      return { node: null };
    }
    return {
      id: id('error'),
      node: (
        <span id={id('error')} className="field-error">
          {error.message}
        </span>
      ),
    };
  };
  const is = (name: string) => (key: string) => key === name;
  const placed =
    error !== null &&
    error.key !== null &&
    (error.key === 'name' ||
      error.key in texts ||
      ['kinds', 'officeHours', 'email'].includes(error.key) ||
      ACTION_KEYS.has(error.key) ||
      MEMBER_KEYS.has(error.key));
  const describedBy = (hint: string, problem: { id?: string }) =>
    [hint, problem.id].filter(Boolean).join(' ');

  const nameError = errorFor(is('name'));
  const kindError = errorFor(is('kinds'));
  const hoursError = errorFor(is('officeHours'));
  const actionError = errorFor((key) => ACTION_KEYS.has(key));
  const agentError = errorFor(is('email'));
  const membersError = errorFor(
    (key) => MEMBER_KEYS.has(key) || (key === 'email' && action.type === 'round-robin'),
  );
  const members = action.type === 'round-robin' ? action.members : [];
  const known = new Set(team.map((m) => m.email.toLowerCase()));
  const rows = [
    ...team,
    ...members
      .filter((m) => !known.has(m.email.toLowerCase()))
      .map((m) => ({ name: m.email, email: m.email, active: false, paused: false, onDuty: false })),
  ];

  return (
    <form
      className="rule-editor"
      aria-label="Edit the rule"
      onSubmit={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {error !== null && !placed ? (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={id('name')}>Rule name</label>
        <input
          ref={nameRef}
          id={id('name')}
          value={rule.name}
          required
          maxLength={80}
          aria-invalid={nameError.id ? true : undefined}
          aria-describedby={nameError.id}
          onChange={(e) => onChange({ ...rule, name: e.currentTarget.value })}
        />
        {nameError.node}
      </div>
      <fieldset className="rule-fieldset">
        <legend>The listing</legend>
        <p className="hint">Every condition given must match. Separate several with commas.</p>
        {LIST_FIELDS.slice(0, 3).map((f) => listField(f))}
        <div className="rule-price">
          {(['priceMin', 'priceMax'] as const).map((key) => {
            const problem = errorFor(is(key));
            return (
              <div className="field" key={key}>
                <label htmlFor={id(key)}>
                  {key === 'priceMin' ? 'Price from ($)' : 'Price to ($)'}
                </label>
                <input
                  id={id(key)}
                  type="number"
                  min={0}
                  step={1000}
                  value={texts[key] ?? ''}
                  aria-invalid={problem.id ? true : undefined}
                  aria-describedby={problem.id}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    setText(key, text, withCondition(conditions, key, priceOf(text)));
                  }}
                />
                {problem.node}
              </div>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="rule-fieldset">
        <legend>The lead</legend>
        <div className="field">
          <label htmlFor={id('kinds')}>Kind</label>
          <select
            id={id('kinds')}
            value={conditions.kinds?.length === 1 ? conditions.kinds[0] : 'any'}
            aria-describedby={kindError.id}
            onChange={(e) =>
              setConditions(withCondition(conditions, 'kinds', kindsOf(e.currentTarget.value)))
            }
          >
            <option value="any">Any kind</option>
            <option value="lead">Leads without a viewing request</option>
            <option value="viewing">Viewing requests</option>
          </select>
          {kindError.node}
        </div>
        {LIST_FIELDS.slice(3).map((f) => listField(f))}
        <div className="field">
          <label htmlFor={id('hours')}>Office hours</label>
          <select
            id={id('hours')}
            value={conditions.officeHours ?? 'any'}
            aria-describedby={hoursError.id}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setConditions(
                withCondition(
                  conditions,
                  'officeHours',
                  value === 'open' || value === 'closed' ? value : undefined,
                ),
              );
            }}
          >
            <option value="any">Any time</option>
            <option value="open">In office hours</option>
            <option value="closed">Outside office hours</option>
          </select>
          {hoursError.node}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={id('action')}>Who gets the lead</label>
        <select
          id={id('action')}
          value={action.type}
          aria-describedby={actionError.id}
          onChange={(e) =>
            onChange({ ...rule, action: actionOf(e.currentTarget.value, team, action) })
          }
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
            onChange={(e) =>
              onChange({ ...rule, action: { type: 'agent', email: e.currentTarget.value } })
            }
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
            A weight of 2 gets twice the leads of 1 (1 to 10). Paused, inactive and off-duty agents
            are skipped.
          </p>
          {rows.map((m) => {
            const member = members.find((x) => x.email.toLowerCase() === m.email.toLowerCase());
            const setMembers = (next: { email: string; weight: number }[]) =>
              onChange({ ...rule, action: { type: 'round-robin', members: next } });
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
      <button type="submit" className="button">
        Done editing<span className="visually-hidden"> {rule.name}</span>
      </button>
    </form>
  );

  function listField(f: (typeof LIST_FIELDS)[number]) {
    const problem = errorFor(is(f.key));
    return (
      <div className="field" key={f.key}>
        <label htmlFor={id(f.key)}>{f.label}</label>
        <input
          id={id(f.key)}
          value={texts[f.key] ?? ''}
          autoComplete="off"
          aria-invalid={problem.id ? true : undefined}
          aria-describedby={describedBy(id(`${f.key}-hint`), problem)}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setText(f.key, text, withCondition(conditions, f.key, listOf(text)));
          }}
        />
        <span id={id(`${f.key}-hint`)} className="hint">
          {f.hint}
        </span>
        {problem.node}
      </div>
    );
  }
}
