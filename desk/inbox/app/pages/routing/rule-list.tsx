import { useLayoutEffect, useRef, useState } from 'react';
import type { RoutingRule } from '../../../../routing/rules-contract.ts';
import { actionText, conditionsText } from '../../lib/routing-words.ts';
import type { RoutingTeamMember } from './action-fields.tsx';
import type { RuleError } from './field-problem.tsx';
import { RuleEditor } from './rule-editor.tsx';
import { isCatchAll } from './rules-draft.ts';

/** The id of a rule's move button, so focus can follow the rule it moved. */
const moveId = (ruleId: string, by: -1 | 1) => `rule-move-${by < 0 ? 'up' : 'down'}-${ruleId}`;

/** "Move up" or "Move down", the rule's name said to a screen reader between the words. */
function MoveButton({
  rule,
  by,
  disabled,
  onMove,
}: {
  rule: RoutingRule;
  by: -1 | 1;
  disabled: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <button
      type="button"
      className="button"
      id={moveId(rule.id, by)}
      disabled={disabled}
      onClick={() => onMove(by)}
    >
      {/* One inline run: a flex button would drop the space before "up" or "down". */}
      <span>
        Move<span className="visually-hidden"> {rule.name}</span> {by < 0 ? 'up' : 'down'}
      </span>
    </button>
  );
}

/**
 * The ordered rules, first match first: each in words with its move, edit and delete buttons,
 * and the open one's form. The catch-all (last) says it stays.
 */
export function RuleList({
  rules,
  team,
  editing,
  error,
  onEdit,
  onChange,
  onMove,
  onDelete,
}: {
  rules: readonly RoutingRule[];
  team: readonly RoutingTeamMember[];
  /** The rule whose form is open, or null. */
  editing: string | null;
  /** The desk's refusal of the rule being edited. */
  error: RuleError | null;
  onEdit: (id: string | null) => void;
  onChange: (rule: RoutingRule) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onDelete: (rule: RoutingRule) => void;
}) {
  const [confirming, setConfirming] = useState<string | null>(null);
  // The move whose rule focus should follow, read by the commit that shows it. A ref and a layout
  // effect, not state and a passive effect: under load React ran the last move's passive effect at
  // the start of the next move's render, which put focus back on a button about to be disabled and
  // overwrote the next move's state with its own reset.
  const moved = useRef<{ id: string; by: -1 | 1 } | null>(null);

  // A keyboard user keeps their place: focus follows the moved rule (its other button at an end).
  useLayoutEffect(() => {
    const last = moved.current;
    if (last === null) {
      return;
    }
    moved.current = null;
    const button = document.getElementById(moveId(last.id, last.by));
    const other = document.getElementById(moveId(last.id, last.by === -1 ? 1 : -1));
    (button instanceof HTMLButtonElement && !button.disabled ? button : other)?.focus();
  });

  return (
    <ol className="rule-list">
      {rules.map((rule, index) => {
        const last = isCatchAll(rules, index);
        const move = (by: -1 | 1) => {
          // A move to an end disables the button pressed. Focus leaves it first: a focused
          // button that becomes disabled drops focus to the page, and when the browser does
          // that is not ours to order against the layout effect above.
          const lands = index + by;
          if ((by < 0 && lands === 0) || (by > 0 && lands >= rules.length - 2)) {
            document.getElementById(moveId(rule.id, by < 0 ? 1 : -1))?.focus();
          }
          moved.current = { id: rule.id, by };
          onMove(rule.id, by);
        };
        return (
          <li key={rule.id} className="rule">
            <h3 className="rule-name">
              <span className="rule-step">{index + 1}.</span> {rule.name}
            </h3>
            <p className="rule-words">
              <span className="rule-label">When:</span> {conditionsText(rule.conditions)}
            </p>
            <p className="rule-words">
              <span className="rule-label">Goes to:</span> {actionText(rule.action, team)}
            </p>
            {last ? (
              <p className="hint">
                The catch-all: always last, so every lead reaches someone. It cannot be moved or
                deleted.
              </p>
            ) : (
              <div className="rule-actions">
                <MoveButton rule={rule} by={-1} disabled={index === 0} onMove={move} />
                <MoveButton rule={rule} by={1} disabled={index >= rules.length - 2} onMove={move} />
                <button
                  type="button"
                  className="button"
                  aria-expanded={editing === rule.id}
                  onClick={() => onEdit(editing === rule.id ? null : rule.id)}
                >
                  Edit<span className="visually-hidden"> {rule.name}</span>
                </button>
                {confirming === rule.id ? (
                  <>
                    <button
                      type="button"
                      className="button button-danger"
                      onClick={() => {
                        setConfirming(null);
                        onDelete(rule);
                      }}
                    >
                      Confirm: delete {rule.name}
                    </button>
                    <button type="button" className="button" onClick={() => setConfirming(null)}>
                      Keep<span className="visually-hidden"> {rule.name}</span>
                    </button>
                  </>
                ) : (
                  <button type="button" className="button" onClick={() => setConfirming(rule.id)}>
                    Delete<span className="visually-hidden"> {rule.name}</span>
                  </button>
                )}
              </div>
            )}
            {editing === rule.id && !last ? (
              <RuleEditor
                key={rule.id}
                rule={rule}
                team={team}
                error={error}
                onChange={onChange}
                onClose={() => onEdit(null)}
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
