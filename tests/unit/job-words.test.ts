import { describe, expect, it } from 'vitest';
import { type JobFacts, jobNames, jobWords } from '../../desk/inbox/job-words.ts';

const job = (facts: Partial<JobFacts>): JobFacts => ({
  kind: 'delivery',
  key: 'delivery:c1:email',
  adapter: 'email',
  captureKind: 'viewing-request',
  recipient: 'Daniel Okafor',
  receivedAtText: 'Friday, November 27, 2026, 9:00 AM PST',
  ...facts,
});

describe("a lead's jobs in words", () => {
  it('names each alert and each update by what it is and whom it goes to', () => {
    expect(jobWords(job({ adapter: 'sms' }))).toBe('Text to Daniel Okafor');
    expect(jobWords(job({}))).toBe('Email alert to Daniel Okafor');
    expect(jobWords(job({ adapter: 'follow-up-boss', captureKind: 'lead' }))).toBe(
      'Follow Up Boss event (details left)',
    );
    expect(jobWords(job({ adapter: 'webhook', captureKind: 'lead' }))).toBe(
      'Webhook lead.captured',
    );
    expect(jobWords(job({ kind: 'conversation-update', adapter: 'follow-up-boss' }))).toBe(
      'Follow Up Boss note (conversation)',
    );
    expect(jobWords(job({ kind: 'conversation-update' }))).toBe('Email reply to Daniel Okafor');
    expect(jobWords(job({ kind: 'conversation-update', adapter: 'webhook' }))).toBe(
      'Webhook conversation.completed',
    );
  });

  it("tells an escalation's and a reassignment's alerts from the capture's own", () => {
    const escalated = job({
      adapter: 'sms',
      key: 'escalation:l1:1:sms',
      recipient: 'Priya Sandhu',
    });
    expect(jobWords(escalated)).toBe('Text to Priya Sandhu (escalated)');
    const reassigned = job({ kind: 'reassignment-alert', recipient: 'Priya Sandhu' });
    expect(jobWords(reassigned)).toBe('Email alert to Priya Sandhu (reassigned)');
    // Whom it went to unknown: the name still says what it is.
    expect(jobWords(job({ recipient: null }))).toBe('Email alert');
  });

  it('gives every job of a lead its own name', () => {
    const names = jobNames([
      job({ captureKind: 'viewing-request' }),
      job({ captureKind: 'lead', receivedAtText: 'Friday, November 27, 2026, 9:05 AM PST' }),
      job({ adapter: 'webhook', key: 'delivery:c1:webhook' }),
      job({ key: 'escalation:l1:1:email', recipient: 'Priya Sandhu' }),
      job({ key: 'escalation:l1:2:email', recipient: 'Priya Sandhu' }),
    ]);
    expect(names).toEqual([
      'Email alert to Daniel Okafor, viewing requested Friday, November 27, 2026, 9:00 AM PST',
      'Email alert to Daniel Okafor, details left Friday, November 27, 2026, 9:05 AM PST',
      'Webhook viewing.requested',
      'Email alert to Priya Sandhu (escalated), viewing requested Friday, November 27, 2026, 9:00 AM PST',
      'Email alert to Priya Sandhu (escalated), viewing requested Friday, November 27, 2026, 9:00 AM PST (2)',
    ]);
    expect(new Set(names).size).toBe(names.length);
  });
});
