import { useEffect, useId, useRef, useState } from 'react';
import type { RoutingRule, RuleConditions, RuleKind } from '../../../../routing/rules-contract.ts';
import { ACTION_KEYS, ActionFields, type RoutingTeamMember } from './action-fields.tsx';
import { fieldProblem, type RuleError } from './field-problem.tsx';
import { listOf } from './rules-draft.ts';

type ListKey = 'listingIds' | 'listingAgents' | 'cities' | 'languages' | 'pagePaths' | 'sources';

const LIST_FIELDS: { key: ListKey; label: string; hint: string }[] = [
  { key: 'listingIds', label: 'Listing ids', hint: 'MRR-14-LINDEN, MRR-2-OAK' },
  { key: 'listingAgents', label: 'Listing agents', hint: 'The listing agent’s name' },
  { key: 'cities', label: 'Cities', hint: 'Named in the listing’s address: Kitsilano' },
  { key: 'languages', label: 'Languages', hint: 'Language codes: fr, es' },
  { key: 'pagePaths', label: 'Page paths', hint: 'Path starts: /listings/' },
  { key: 'sources', label: 'Sources', hint: 'utm_source or referrer host: google, direct' },
];

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
  const formRef = useRef<HTMLFormElement>(null);
  // Opened: focus on its name. Refused: on the control the desk's words are beside.
  useEffect(() => {
    nameRef.current?.focus();
  }, []);
  useEffect(() => {
    const words = error === null ? null : formRef.current?.querySelector('.field-error');
    words?.closest('.field, fieldset')?.querySelector<HTMLElement>('input, select')?.focus();
  }, [error]);

  const { conditions, action } = rule;
  const setConditions = (next: RuleConditions) => onChange({ ...rule, conditions: next });
  const setText = (key: string, text: string, next: RuleConditions) => {
    setTexts((t) => ({ ...t, [key]: text }));
    setConditions(next);
  };

  const errorFor = (about: (key: string) => boolean) => fieldProblem(error, about, id('error'));
  const is = (name: string) => (key: string) => key === name;
  const placed =
    error !== null &&
    error.key !== null &&
    (error.key === 'name' ||
      error.key in texts ||
      error.key === 'kinds' ||
      error.key === 'officeHours' ||
      ACTION_KEYS.has(error.key));
  const describedBy = (hint: string, problem: { id?: string }) =>
    [hint, problem.id].filter(Boolean).join(' ');

  const nameError = errorFor(is('name'));
  const kindError = errorFor(is('kinds'));
  const hoursError = errorFor(is('officeHours'));

  return (
    <form
      ref={formRef}
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
      <ActionFields
        action={action}
        team={team}
        error={error}
        idOf={id}
        onChange={(next) => onChange({ ...rule, action: next })}
      />
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
