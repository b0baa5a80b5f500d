import { useEffect, useState } from 'react';
import { hearAnnouncements } from '../lib/announcements.ts';

/**
 * One polite live region for the whole app ("Saved", "Note added"): each message is announced
 * even when it repeats, and stays visible as a small notice until the next one.
 */
export function Announcer() {
  const [message, setMessage] = useState({ text: '', n: 0 });
  useEffect(
    () => hearAnnouncements((text) => setMessage((previous) => ({ text, n: previous.n + 1 }))),
    [],
  );
  return (
    <div className="announcer" role="status" aria-live="polite" aria-atomic="true">
      {message.text === '' ? null : <p key={message.n}>{message.text}</p>}
    </div>
  );
}
