import { describe, expect, it } from 'vitest';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { parseConversationBody } from '../../desk/ingest/conversation-body.ts';
import { IngestError } from '../../desk/ingest/ingest-error.ts';
import {
  readVisitSource,
  sourceKey,
  visitSourceOf,
} from '../../widget/leads/rules/visit-source.ts';

const LANDING =
  'https://brokerage.example/listings/14?utm_source=Google&utm_medium=cpc&utm_campaign=Fall%20Homes&gclid=Cj0KCQ-secret&name=Sam';

describe('where a visitor came from (issue 26 §4)', () => {
  it('keeps the campaign tags, the referrer host and click-id flags, never a click id’s value', () => {
    const source = visitSourceOf(LANDING, 'https://www.news.example/story?id=9');
    expect(source).toEqual({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'fall homes',
      referrerHost: 'news.example',
      gclid: true,
    });
    expect(JSON.stringify(source)).not.toContain('secret');
    expect(JSON.stringify(source)).not.toContain('Sam');
  });

  it('a referrer on the page’s own site is no source; a page with nothing to tell is direct', () => {
    const source = visitSourceOf(
      'https://brokerage.example/listings/14',
      'https://brokerage.example/',
    );
    expect(source).toEqual({});
    expect(sourceKey(source)).toBe('(direct)');
  });

  it('drops a tag that looks like personal data or is not a word', () => {
    expect(
      readVisitSource({ utmSource: 'sam@example.com', utmCampaign: 'x'.repeat(101), gclid: 'abc' }),
    ).toEqual({});
  });

  it('groups by source / medium, else the ad network of a click id, else the referrer', () => {
    expect(sourceKey({ utmSource: 'newsletter' })).toBe('newsletter');
    expect(sourceKey({ utmSource: 'google', utmMedium: 'cpc', gclid: true })).toBe('google / cpc');
    expect(sourceKey({ fbclid: true, referrerHost: 'm.facebook.com' })).toBe('facebook / paid');
    expect(sourceKey({ referrerHost: 'zillow.com' })).toBe('zillow.com');
    expect(sourceKey(null)).toBe('(none)');
  });

  it('the desk reads it by the same rules from a capture (with the agreement) and a report', () => {
    const visitSource = visitSourceOf(LANDING, '');
    const capture = {
      kind: 'lead',
      idempotencyKey: 'k-1',
      capturedAt: '2026-11-27T02:00:00Z',
      fields: { name: 'Sam', phone: '604-555-0100', intent: 'buy', consentToContact: true },
      consent: { version: 'v1', text: 'Recorded.', acceptedAt: '2026-11-27T01:59:00Z' },
      visitSource: { ...visitSource, utmTerm: 'dropped' },
    };
    expect(parseCaptureBody(capture).visitSource).toEqual(visitSource);
    // Without the visitor's agreement to the disclosure, the desk keeps no source.
    expect(parseCaptureBody({ ...capture, consent: null }).visitSource).toBeNull();
    expect(() => parseCaptureBody({ ...capture, visitSource: 'google' })).toThrow(IngestError);
    const report = parseConversationBody({
      kind: 'conversation',
      idempotencyKey: 'r-1',
      conversationId: 'call-9',
      channel: 'call',
      durationSeconds: 42,
      listing: { address: '14 Linden Court' },
      visitSource,
    });
    expect(report.conversation).toMatchObject({
      messages: [],
      transcript: null,
      listing: { address: '14 Linden Court' },
      visitSource,
      durationSeconds: 42,
    });
  });
});
