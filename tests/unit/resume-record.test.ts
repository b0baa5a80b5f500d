import { describe, expect, it } from 'vitest';
import { SCRIPT, turnsHeard } from '../../widget/demo/script.ts';
import {
  listingNote,
  mayResume,
  readRecord,
  resumeSeconds,
} from '../../widget/session/resume/resume-record.ts';

describe('the record a live call leaves for the next page', () => {
  it('resume-seconds: whole seconds, 0 turns it off, anything else is 30', () => {
    expect(resumeSeconds(null)).toBe(30);
    expect(resumeSeconds('')).toBe(30);
    expect(resumeSeconds('45')).toBe(45);
    expect(resumeSeconds('0')).toBe(0);
    expect(resumeSeconds('-5')).toBe(30);
    expect(resumeSeconds('soon')).toBe(30);
  });

  it('resumes only within the window, and never with resuming off', () => {
    const record = readRecord(
      JSON.stringify({ kind: 'call', until: 1000, room: { url: 'u' }, heardLines: 0 }),
    );
    if (!record) {
      throw new Error('the record should read');
    }
    expect(mayResume(record, 1000, 30)).toBe(true);
    expect(mayResume(record, 1001, 30)).toBe(false);
    expect(mayResume(record, 500, 0)).toBe(false);
  });

  it('reads nothing it cannot trust, and drops malformed lines', () => {
    expect(readRecord(null)).toBeNull();
    expect(readRecord('{')).toBeNull();
    expect(readRecord(JSON.stringify({ kind: 'call', until: 1, heardLines: 0 }))).toBeNull();
    const record = readRecord(
      JSON.stringify({
        kind: 'call',
        until: 1,
        room: { url: 'u', token: 7 },
        heardLines: 2,
        demo: true,
        lines: [
          { role: 'assistant', text: 'Hi', at: 1 },
          { role: 'system', text: 'x', at: 2 },
        ],
      }),
    );
    expect(record).toEqual({
      kind: 'call',
      until: 1,
      room: { url: 'u' },
      demo: true,
      heardLines: 2,
      lines: [{ role: 'assistant', text: 'Hi', at: 1 }],
    });
  });

  it('words the note from the listing, or the page title without one', () => {
    expect(listingNote({ address: '22 Oak Street', price: '$615,000' }, 'Homes')).toBe(
      'The visitor is now on 22 Oak Street, $615,000',
    );
    expect(listingNote({ address: '22 Oak Street' }, 'Homes')).toBe(
      'The visitor is now on 22 Oak Street',
    );
    expect(listingNote({}, 'Similar homes')).toBe('The visitor is now on Similar homes');
  });
});

describe('the demo script resumes after the lines heard', () => {
  it('counts only turns heard whole, and never the goodbye', () => {
    expect(turnsHeard(SCRIPT, 0)).toBe(0);
    const first = SCRIPT[0]?.clips.length ?? 0;
    expect(turnsHeard(SCRIPT, first)).toBe(1);
    expect(turnsHeard(SCRIPT, 1000)).toBe(SCRIPT.findIndex((turn) => turn.endedReason));
  });
});
