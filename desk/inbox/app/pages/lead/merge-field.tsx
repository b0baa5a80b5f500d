import { type FormEvent, useEffect, useRef, useState } from 'react';
import { API, type LeadDetail, type LeadListItem } from '../../../api-contract.ts';
import { announce } from '../../lib/announcements.ts';
import { InboxApiError, request } from '../../lib/api.ts';
import { nameOf } from '../../lib/labels.ts';
import { navigate } from '../../lib/navigation.ts';
import { pageHref } from '../../lib/routes.ts';
import { useInboxData } from '../../lib/use-inbox-data.ts';
import { failureText } from './save-failure.ts';

const SEARCH_DELAY_MS = 300;

/** How a lead reads in the `Merge into` list: enough to tell two leads of one name apart. */
function optionText(item: LeadListItem): string {
  const where = item.listings.length > 0 ? item.listings.join(', ') : 'no listing';
  return `${nameOf(item.name)} · ${where} · received ${item.receivedAtText}`;
}

function mergeFailureText(error: unknown): string {
  if (error instanceof InboxApiError && (error.status === 409 || error.status === 404)) {
    return 'Not merged: one of the two leads was merged or removed meanwhile. Reload the page.';
  }
  return failureText(error).replace(/^Not saved/, 'Not merged');
}

/**
 * A broker's `Merge…`: find the other lead (the same person, arrived as two), pick it under
 * `Merge into`, confirm. This lead goes into the one picked, which the page then shows; the desk
 * keeps both timelines and audits the merge. `Merge into` appears only with its options.
 */
export function MergeField({ lead }: { lead: LeadDetail }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [into, setInto] = useState('');
  const [confirming, setConfirming] = useState<LeadListItem | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const searchTimer = useRef<number | undefined>(undefined);
  const searchBox = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => () => window.clearTimeout(searchTimer.current), []);
  // Focus follows the step: the search on opening, `Confirm merge` on confirming, and back to
  // `Merge…` on cancelling (not on the page's first paint).
  useEffect(() => {
    if (open && confirming === null) {
      searchBox.current?.focus();
    } else if (confirming !== null) {
      confirmButton.current?.focus();
    } else if (wasOpen.current) {
      opener.current?.focus();
    }
    wasOpen.current = open;
  }, [open, confirming]);

  function close(): void {
    setOpen(false);
    setConfirming(null);
    setInto('');
    setError(null);
  }

  return (
    <div className="merge">
      <button
        ref={opener}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={open ? 'merge-panel' : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Merge…
      </button>
      {open ? (
        <div id="merge-panel" className="merge-open">
          {confirming === null ? (
            <MergeChooser
              lead={lead}
              q={q}
              text={text}
              into={into}
              searchBox={searchBox}
              onSearch={(value) => {
                setText(value);
                window.clearTimeout(searchTimer.current);
                searchTimer.current = window.setTimeout(() => setQ(value.trim()), SEARCH_DELAY_MS);
              }}
              onInto={(id) => {
                setInto(id);
                setError(null);
              }}
              onPick={(item) => setConfirming(item)}
              onCancel={close}
              onMissing={() => setError('Choose the lead to merge into first.')}
            />
          ) : (
            <div className="merge-confirm">
              <p id="merge-confirm-text">
                Merge <strong>{nameOf(lead.person.name)}</strong> into{' '}
                <strong>{optionText(confirming)}</strong>? Its captures, conversations, notes and
                timeline move there, and this lead leaves the list. The merge is recorded.
              </p>
              <div className="merge-buttons">
                <button
                  ref={confirmButton}
                  type="button"
                  className="button button-primary"
                  aria-describedby="merge-confirm-text"
                  disabled={sending}
                  onClick={async () => {
                    setSending(true);
                    setError(null);
                    try {
                      const survivor = await request(API.mergeLead, {
                        params: { id: lead.id },
                        body: { into: confirming.id },
                      });
                      announce(`Merged into ${nameOf(survivor.person.name)}.`);
                      navigate(pageHref('lead', { id: survivor.id }), { focus: true });
                    } catch (caught) {
                      setError(mergeFailureText(caught));
                      setSending(false);
                    }
                  }}
                >
                  Confirm merge
                </button>
                <button type="button" className="button" onClick={() => setConfirming(null)}>
                  Back
                </button>
              </div>
            </div>
          )}
          <div role="alert" className="form-error">
            {error}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function MergeChooser({
  lead,
  q,
  text,
  into,
  searchBox,
  onSearch,
  onInto,
  onPick,
  onCancel,
  onMissing,
}: {
  lead: LeadDetail;
  q: string;
  text: string;
  into: string;
  searchBox: { current: HTMLInputElement | null };
  onSearch: (value: string) => void;
  onInto: (id: string) => void;
  onPick: (item: LeadListItem) => void;
  onCancel: () => void;
  onMissing: () => void;
}) {
  const query = { ...(q !== '' && { q }), ...(lead.demo && { demo: 'show' as const }) };
  const found = useInboxData(API.leads, { query });
  const others = (found.data?.leads ?? []).filter((item) => item.id !== lead.id);

  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const item = others.find((other) => other.id === into);
    if (item) {
      onPick(item);
    } else {
      onMissing();
    }
  }

  return (
    <form className="merge-form" onSubmit={submit} aria-label="Merge this lead">
      <div className="field">
        <label htmlFor="merge-search">Find the other lead</label>
        <input
          ref={searchBox}
          id="merge-search"
          type="search"
          value={text}
          autoComplete="off"
          placeholder="Name, phone, email or listing"
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="field">
        {found.data === null ? (
          <p className="hint" role="status">
            {found.status === 'failed' ? 'The leads could not be loaded.' : 'Loading the leads…'}
          </p>
        ) : (
          <>
            <label htmlFor="merge-into">Merge into</label>
            <select id="merge-into" value={into} onChange={(event) => onInto(event.target.value)}>
              <option value="">
                {others.length === 0 ? 'No other lead matches' : 'Choose a lead'}
              </option>
              {others.map((item) => (
                <option key={item.id} value={item.id}>
                  {optionText(item)}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <div className="merge-buttons">
        <button type="submit" className="button">
          Merge
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
