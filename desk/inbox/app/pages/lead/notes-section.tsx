import { type LeadDetail, noteLine } from '../../../api-contract.ts';
import { LogLines } from './log-lines.tsx';

/** The `Notes` panel: the agents' and brokers' notes on the lead, oldest first. */
export function NotesSection({ lead }: { lead: LeadDetail }) {
  return (
    <section className="panel" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      <LogLines
        empty="No notes yet."
        lines={lead.notes.map((note) => ({
          ...note,
          key: note.id,
          by: note.by ?? 'Someone',
          text: noteLine(note.text, note.contact),
        }))}
      />
    </section>
  );
}
