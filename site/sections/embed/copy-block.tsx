import { useId, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

const MESSAGES: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied to the clipboard.',
  failed: 'Could not copy: select the text and copy it with your keyboard.',
};

/** A titled block of code with a copy button and a status line that screen readers announce. */
export function CopyBlock({
  title,
  code,
  children,
}: {
  title: string;
  code: string;
  children?: React.ReactNode;
}) {
  const headingId = useId();
  const [state, setState] = useState<CopyState>('idle');
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <section className="copy-block" aria-labelledby={headingId}>
      <div className="copy-block-head">
        <h3 id={headingId}>{title}</h3>
        <button type="button" className="button button-secondary" onClick={copy}>
          Copy <span className="visually-hidden">{title}</span>
        </button>
      </div>
      {children}
      {/* A focusable region, so a keyboard can scroll long lines. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus. */}
      <section className="copy-block-code" tabIndex={0} aria-label={`${title} code`}>
        <pre>
          <code>{code}</code>
        </pre>
      </section>
      <p className="copy-block-status" role="status">
        {MESSAGES[state]}
      </p>
    </section>
  );
}
