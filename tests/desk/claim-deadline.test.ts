import { describe, expect, it } from 'vitest';
import { parseClaimSettings } from '../../desk/config/claim-settings.ts';
import { officeMinutesAfter } from '../../desk/config/office-hours.ts';
import { RETENTION_DEFAULTS } from '../../desk/config/retention.ts';
import { nextAssignee } from '../../desk/leads/escalation.ts';

// Maple Ridge: Monday to Friday 09:00–18:00, Saturday 10:00–16:00, Vancouver (MST, UTC-7, from 1 November 2026).
const hours = {
  timeZone: 'America/Vancouver',
  hours: [
    { days: 'Monday to Friday', open: '09:00', close: '18:00' },
    { days: 'Saturday', open: '10:00', close: '16:00' },
  ],
};
const at = (iso: string) => officeMinutesAfter(hours, new Date(iso), 5).toISOString();

describe('the claim clock counts office minutes', () => {
  it('runs straight through inside the hours', () => {
    // Friday 27 November 2026, 10:00.
    expect(at('2026-11-27T17:00:00Z')).toBe('2026-11-27T17:05:00.000Z');
  });

  it('carries what is left at the closing over to the next opening', () => {
    // Friday 17:58: two minutes, then three from Saturday's 10:00.
    expect(at('2026-11-28T00:58:00Z')).toBe('2026-11-28T17:03:00.000Z');
  });

  it('starts at the next opening outside the hours', () => {
    // Saturday 20:00, closed Sunday: Monday 09:05.
    expect(at('2026-11-29T03:00:00Z')).toBe('2026-11-30T16:05:00.000Z');
  });
});

describe('claim settings', () => {
  it('defaults to 5 minutes and 2 steps, and names bad values', () => {
    const problems: string[] = [];
    expect(parseClaimSettings({}, problems)).toEqual({ claimMinutes: 5, maxSteps: 2 });
    parseClaimSettings({ claimMinutes: 0, escalation: { maxSteps: 1.5 } }, problems);
    expect(problems).toEqual([
      'claimMinutes must be a number of minutes above 0, at most 1440',
      'escalation.maxSteps must be a whole number from 0 to 10',
    ]);
  });
});

describe('who an unclaimed lead goes to', () => {
  const agent = (name: string, role: 'agent' | 'broker' = 'agent') => ({
    name,
    email: `${name.toLowerCase()}@maple-ridge.example`,
    phone: '+1 604 555 0100',
    role,
    owns: [],
  });
  const brokerage = {
    brokerageName: 'Maple Ridge Realty',
    assistantName: 'Nora',
    officeHours: hours,
    agents: [agent('Maya', 'broker'), agent('Daniel'), agent('Priya'), agent('Omar')],
    onDuty: null,
    claim: { claimMinutes: 5, maxSteps: 2 },
    retention: RETENTION_DEFAULTS,
  };
  const next = (tried: string[], step: number) =>
    nextAssignee(
      brokerage,
      tried.map((n) => `${n.toLowerCase()}@maple-ridge.example`),
      step,
    )?.agent.name ?? null;

  it('goes to the next agent who has not had it, then the broker after maxSteps', () => {
    expect(next(['Daniel'], 1)).toBe('Priya');
    expect(next(['Priya', 'Daniel'], 2)).toBe('Omar');
    expect(next(['Omar', 'Daniel', 'Priya'], 3)).toBe('Maya');
  });

  it('goes to the broker early when every agent has had it, and stops at a broker', () => {
    expect(next(['Omar', 'Daniel', 'Priya'], 2)).toBe('Maya');
    expect(next(['Maya'], 1)).toBeNull();
    expect(next(['Maya', 'Daniel', 'Priya'], 3)).toBeNull();
  });
});
