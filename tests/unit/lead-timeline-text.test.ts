import { describe, expect, it } from 'vitest';
import { leadConsent } from '../../desk/inbox/lead-consent.ts';
import { timelineText } from '../../desk/leads/timeline-text.ts';

describe("a lead's timeline text", () => {
  it('says who a lead was received by, with the reason as words', () => {
    const detail = {
      captureKind: 'lead',
      assignedName: 'Daniel Okafor',
      assignedEmail: 'daniel@maple-ridge.example',
      reason: 'listing-agent',
    };
    expect(timelineText({ kind: 'received', detail })).toBe(
      'Received, assigned to Daniel Okafor (listing agent)',
    );
    expect(timelineText({ kind: 'received', detail: { reason: 'broker' } })).toBe('Received');
    expect(
      timelineText({ kind: 'received', detail: { assignedName: 'Maya Chen', reason: 'on-duty' } }),
    ).toBe('Received, assigned to Maya Chen (on duty)');
  });

  it('writes returns, changes and merges from the line’s own facts', () => {
    expect(timelineText({ kind: 'returned', detail: { captureKind: 'viewing-request' } })).toBe(
      'Returned, viewing requested',
    );
    expect(timelineText({ kind: 'returned', detail: {} })).toBe('Returned');
    expect(timelineText({ kind: 'capture', detail: { captureKind: 'viewing-request' } })).toBe(
      'Viewing requested',
    );
    expect(timelineText({ kind: 'status', detail: { from: 'New', to: 'Contacted' } })).toBe(
      'Status New → Contacted',
    );
    expect(
      timelineText({ kind: 'status', detail: { from: 'Lost', to: 'New', reason: 'returned' } }),
    ).toBe('Status Lost → New (returned)');
    expect(
      timelineText({
        kind: 'assigned',
        detail: { fromName: 'Daniel Okafor', toName: 'Priya Sandhu', to: 'priya@x.example' },
      }),
    ).toBe('Reassigned to Priya Sandhu (was Daniel Okafor)');
    expect(timelineText({ kind: 'assigned', detail: { to: 'priya@x.example' } })).toBe(
      'Assigned to priya@x.example',
    );
    expect(timelineText({ kind: 'merged', detail: { mergedName: 'Sam R.' } })).toBe(
      "Merged with Sam R.'s lead",
    );
    expect(timelineText({ kind: 'delivery-retry', detail: { adapter: 'email' } })).toBe(
      'email delivery sent again',
    );
    expect(
      timelineText({
        kind: 'delivery-retry',
        detail: { adapter: 'follow-up-boss', name: 'Follow Up Boss note (conversation)' },
      }),
    ).toBe('Follow Up Boss note (conversation): sent again');
    expect(
      timelineText({
        kind: 'escalated',
        detail: { step: 1, reason: 'not claimed in 5 min', toName: 'Priya Sandhu' },
      }),
    ).toBe('Escalated to Priya Sandhu: not claimed in 5 min');
    expect(timelineText({ kind: 'claimed', detail: { via: 'claim', name: 'Priya' } })).toBe(
      'Claimed',
    );
    expect(timelineText({ kind: 'claimed', detail: { via: 'contact' } })).toBe(
      'Claimed by logging a contact',
    );
    expect(timelineText({ kind: 'something-new', detail: {} })).toBe('something-new');
  });
});

describe("a lead's consent", () => {
  const evidence = (captureId: string, consentToContact: boolean, doNotContact = false) => ({
    captureId,
    at: '2026-11-20T18:00:00.000Z',
    atText: 'x',
    version: null,
    text: null,
    acceptedAt: null,
    acceptedAtText: null,
    consentToContact,
    contact: null,
    spokenConsent: null,
    doNotContact,
  });

  it('is the latest capture’s consent to contact, and one request not to be contacted holds', () => {
    expect(leadConsent([evidence('a', false), evidence('b', true)])).toMatchObject({
      consentToContact: true,
      doNotContact: false,
    });
    expect(leadConsent([evidence('a', true), evidence('b', false)]).consentToContact).toBe(false);
    expect(leadConsent([evidence('a', true, true), evidence('b', true)]).doNotContact).toBe(true);
    expect(leadConsent([])).toEqual({ consentToContact: false, doNotContact: false, history: [] });
  });
});
