import { useEffect, useRef, useState } from 'react';
import type { RoutingRule } from '../../../routing/rules-contract.ts';
import { API } from '../../api-contract.ts';
import { PageHeading } from '../components/page-heading.tsx';
import { announce } from '../lib/announcements.ts';
import { InboxApiError, request } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';
import { useInboxData } from '../lib/use-inbox-data.ts';
import type { RuleError } from './routing/field-problem.tsx';
import { RuleList } from './routing/rule-list.tsx';
import {
  addRule,
  fieldTarget,
  moveRule,
  newRuleId,
  removeRule,
  replaceRule,
  sameRules,
} from './routing/rules-draft.ts';
import { TryLead } from './routing/try-lead.tsx';

/** A refused save: the desk's words, the rule they are about (by id) and the name at fault. */
interface SaveProblem {
  ruleId: string | null;
  error: RuleError;
  /** 409: someone else saved since these rules were loaded. */
  conflict: boolean;
}

/**
 * The broker's routing rules (docs/inbox.md#routing-page-inboxrouting): the ordered list, first match wins,
 * edited as a draft and saved whole with the version it was loaded at; "Try a lead" beside it.
 */
export default function RoutingPage() {
  const session = useSession();
  if (session.user.role !== 'broker') {
    return (
      <>
        <PageHeading title="Routing" />
        <p>Only a broker edits the routing rules.</p>
      </>
    );
  }
  return <RoutingRules />;
}

/** The broker's view: asked for only once the user is known to be one (an agent's ask is 403). */
function RoutingRules() {
  const routing = useInboxData(API.routing, {});
  const [draft, setDraft] = useState<RoutingRule[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  // A second click lands before the disabled button is painted: one save at a time.
  const inFlight = useRef(false);

  const saved = routing.data;
  const dirty = draft !== null && saved !== null && !sameRules(draft, saved.rules);

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) {
      return;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);

  const rules = draft ?? saved?.rules ?? [];
  const team = saved?.team ?? [];
  // Each change applies to the draft as it is then: two quick key presses make two moves.
  const change = (update: (current: RoutingRule[]) => RoutingRule[]) => {
    setDraft((current) => update(current ?? saved?.rules ?? []));
    setProblem((p) => (p?.conflict ? p : null));
  };

  function add(): void {
    const email = team.find((m) => m.active && m.role === 'agent')?.email ?? '';
    const rule: RoutingRule = {
      id: newRuleId(),
      name: `Rule ${rules.length}`,
      conditions: {},
      action: { type: 'agent', email },
    };
    change((current) => addRule(current, rule));
    setEditing(rule.id);
  }

  async function save(): Promise<void> {
    if (inFlight.current || saved === null) {
      return;
    }
    inFlight.current = true;
    setSaving(true);
    setProblem(null);
    const sent = [...rules];
    try {
      const answer = await request(API.saveRouting, {
        body: { rules: sent, version: saved.version },
      });
      routing.set((current) => ({ ...answer, team: current?.team ?? team }));
      setDraft(null);
      setEditing(null);
      announce('Routing rules saved.');
    } catch (caught) {
      if (caught instanceof InboxApiError && caught.status === 409) {
        setProblem({
          ruleId: null,
          conflict: true,
          error: {
            key: null,
            message: 'Someone else changed the routing rules since this page loaded them.',
          },
        });
      } else {
        const target = fieldTarget(caught instanceof InboxApiError ? caught.field : null);
        const rule = target.index === null ? undefined : sent[target.index];
        setProblem({
          ruleId: rule?.id ?? null,
          conflict: false,
          error: {
            key: target.key,
            message:
              caught instanceof InboxApiError
                ? caught.message
                : 'The desk is not answering. Check the connection and try again.',
          },
        });
        if (rule) {
          setEditing(rule.id);
        }
        // Shown beside its field, which is no live region: said once here.
        announce('The rules were not saved: see the message beside the field.');
      }
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }

  function discard(): void {
    setDraft(null);
    setEditing(null);
    setProblem(null);
    announce('Changes discarded.');
  }

  function reload(): void {
    discard();
    routing.retry();
  }

  // A refusal about one rule shows in its form; any other above the list.
  const pagewide = problem !== null && (problem.ruleId === null || problem.ruleId !== editing);
  return (
    <>
      <PageHeading title="Routing" />
      <p className="intro">
        Each new lead goes down this list and the first rule that matches decides who gets it.
      </p>
      <p className="list-status" role="status">
        {routing.status === 'failed' && saved === null
          ? 'The rules could not be loaded. Try again.'
          : saved === null
            ? 'Loading the rules…'
            : `${rules.length} ${rules.length === 1 ? 'rule' : 'rules'}${
                saved.updatedBy === null
                  ? ', as the desk set them up'
                  : `, last saved by ${saved.updatedBy}`
              }.`}
      </p>
      <div role="alert" className="form-error">
        {problem !== null && pagewide ? problem.error.message : null}
        {problem?.conflict ? (
          <button type="button" className="button routing-reload" onClick={reload}>
            Reload the rules
          </button>
        ) : null}
      </div>
      {saved === null ? null : (
        <div className="routing-layout">
          <section aria-labelledby="rules-title" className="routing-rules">
            <h2 id="rules-title">Rules</h2>
            <RuleList
              rules={rules}
              team={team}
              editing={editing}
              error={problem !== null && problem.ruleId === editing ? problem.error : null}
              onEdit={setEditing}
              onChange={(rule) => change((current) => replaceRule(current, rule))}
              onMove={(id, by) =>
                change((current) =>
                  moveRule(
                    current,
                    current.findIndex((r) => r.id === id),
                    by,
                  ),
                )
              }
              onDelete={(rule) => {
                change((current) => removeRule(current, rule.id));
                if (editing === rule.id) {
                  setEditing(null);
                }
                announce(`Deleted ${rule.name}. Save changes to keep it deleted.`);
              }}
            />
            <div className="routing-bar">
              <button type="button" className="button" onClick={add}>
                Add rule
              </button>
              {dirty ? (
                <>
                  <span className="routing-unsaved">Unsaved changes</span>
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={saving}
                    onClick={save}
                  >
                    {saving ? 'Saving…' : 'Save changes'}
                  </button>
                  <button type="button" className="button" disabled={saving} onClick={discard}>
                    Discard
                  </button>
                </>
              ) : null}
            </div>
          </section>
          <TryLead draft={dirty ? rules : null} />
        </div>
      )}
    </>
  );
}
