import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCaptures } from '../../desk/cli/export-command.ts';
import { leadBody, postJson, until } from '../helpers/desk-harness.ts';
import { type DeskWithCrm, startDeskWithCrm } from '../helpers/desk-with-crm.ts';
import type { FubRequest } from '../helpers/fub-stand-in.ts';
import {
  endOfCallReport,
  platformCall,
  postPlatformMessage,
  toolCall,
  toolCallsMessage,
} from './fixtures/platform-messages.ts';

/**
 * Issue 31 #4 from both doors: a URL of another scheme than http(s), in any URL field (the
 * widget's listing.url and pageUrl, the platform's listing_url, page_url and recording URL), is
 * neither stored nor sent. Checked where it would do harm: the Follow Up Boss request
 * (person.sourceUrl, property.url, and every other byte of it), and the export.
 */

const SECRET = 'platform-secret-for-url-tests-0123';
const HOSTILE = [
  'javascript:alert(1)',
  ' JavaScript:alert(document.cookie)',
  'java\tscript:alert(1)',
];
/** What must appear nowhere: any spelling of the script scheme. */
const SCRIPT = /java\s*script:/i;
const LISTING_URL = 'https://maple-ridge.example/listings/14-linden-court';
const PAGE_URL = 'https://maple-ridge.example/search?beds=3';

let setup: DeskWithCrm;
beforeAll(async () => {
  setup = await startDeskWithCrm({
    DESK_PLATFORM_SECRET: SECRET,
    // The call's note waits, by retrying, for its alert: a short schedule keeps it in seconds.
    DESK_RETRY_BASE_MS: '200',
    DESK_RETRY_MAX_MS: '400',
  });
});
afterAll(() => setup?.close());

function webhook(body: unknown) {
  return postPlatformMessage(setup.desk.url, SECRET, body);
}

/** A phone of its own for each person, so no two captures are one person. */
let phones = 0;
function nextPhone(): string {
  phones += 1;
  return `604555${String(1000 + phones)}`;
}

/** A capture from the widget's door, its listing and page URL as given. */
function widgetLead(first: string, listingUrl: string, pageUrl?: string) {
  return leadBody({
    idempotencyKey: `url-${first}`,
    conversationId: `web-${first}`,
    toolCallId: null,
    listing: { address: '14 Linden Court', id: 'MRR-14-LINDEN', url: listingUrl },
    fields: { name: `${first} Rivera`, phone: nextPhone(), intent: 'buy' },
    ...(pageUrl !== undefined && { pageUrl }),
  });
}

/** A call's variables with these listing and page URLs. */
function callWith(callId: string, listingUrl: string, pageUrl: string) {
  const call = platformCall(callId);
  const variableValues = {
    ...call.assistantOverrides.variableValues,
    listing_url: listingUrl,
    page_url: pageUrl,
  };
  return { ...call, assistantOverrides: { variableValues } };
}

/** A `capture_lead` tool call in a call whose listing and page URLs are as given. */
function platformCapture(first: string, listingUrl: string, pageUrl: string) {
  const callId = `call-${first}`;
  const { message } = toolCallsMessage(callId, [
    toolCall(`tc-${first}`, 'capture_lead', { name: `${first} Vale`, phone: nextPhone() }),
  ]);
  return { message: { ...message, call: callWith(callId, listingUrl, pageUrl) } };
}

/**
 * The Follow Up Boss event about the person of this first name, once it has come: any request
 * the stand-in took, so one it refused for its shape is still seen.
 */
function eventFor(first: string): Promise<FubRequest> {
  return until(
    () =>
      setup.crm.requests.find(
        (e) => (e.body.person as { firstName?: string } | undefined)?.firstName === first,
      ),
    `the Follow Up Boss event for ${first}`,
  );
}

interface ExportLine {
  conversationId: string | null;
  listing: { url?: string };
  pageUrl: string | null;
  conversation: { recordingUrl: string | null } | null;
}

async function exported(conversationId: string): Promise<ExportLine | undefined> {
  const lines: string[] = [];
  await exportCaptures(setup.desk.services.database.db, (l) => lines.push(l));
  return lines
    .map((l) => JSON.parse(l) as ExportLine)
    .find((l) => l.conversationId === conversationId);
}

/**
 * The CRM's event for this person came without the hostile URL (no sourceUrl, a property without
 * a url, the scheme nowhere in it), and so did the export; resolves the export's line.
 */
async function expectLeftOut(first: string, conversationId: string, url: string) {
  const event = await eventFor(first);
  expect(event.body.person, JSON.stringify(url)).not.toHaveProperty('sourceUrl');
  // Still a Property Inquiry (the listing has an address), without the URL.
  expect(event.body.property, JSON.stringify(url)).toEqual({
    street: '14 Linden Court',
    mlsNumber: 'MRR-14-LINDEN',
  });
  expect(JSON.stringify(event.body)).not.toMatch(SCRIPT);
  const line = await exported(conversationId);
  expect(line?.listing, JSON.stringify(url)).not.toHaveProperty('url');
  expect(JSON.stringify(line)).not.toMatch(SCRIPT);
  return line;
}

describe('an http(s) URL, for comparison', () => {
  it('reaches Follow Up Boss as sourceUrl and property.url, from either door', async () => {
    const res = await postJson(
      `${setup.desk.url}/leads`,
      widgetLead('Webok', LISTING_URL, PAGE_URL),
    );
    expect(res.status).toBe(201);
    const fromWidget = await eventFor('Webok');
    expect(fromWidget.body.person).toMatchObject({ sourceUrl: PAGE_URL });
    expect(fromWidget.body.property).toMatchObject({ url: LISTING_URL });
    expect((await webhook(platformCapture('Callok', LISTING_URL, PAGE_URL))).status).toBe(200);
    const fromCall = await eventFor('Callok');
    expect(fromCall.body.person).toMatchObject({ sourceUrl: PAGE_URL });
    expect(fromCall.body.property).toMatchObject({ url: LISTING_URL });
    // Both in the shape Follow Up Boss takes.
    expect(setup.crm.events).toHaveLength(2);
  });
});

describe('a javascript: URL', () => {
  it('as the widget’s listing.url is left out of the capture and the CRM’s event', async () => {
    for (const [n, url] of HOSTILE.entries()) {
      const first = `Weblisting${n}`;
      const res = await postJson(`${setup.desk.url}/leads`, widgetLead(first, url));
      expect(res.status, JSON.stringify(url)).toBe(201);
      await expectLeftOut(first, `web-${first}`, url);
    }
  });

  it('as the widget’s pageUrl is refused with 400, for a capture and a conversation', async () => {
    const requestsBefore = setup.crm.requests.length;
    for (const [n, url] of HOSTILE.entries()) {
      const first = `Webpage${n}`;
      const res = await postJson(`${setup.desk.url}/leads`, widgetLead(first, LISTING_URL, url));
      expect(res.status, JSON.stringify(url)).toBe(400);
      const { error } = (await res.json()) as { error: { message: string } };
      expect(error.message.startsWith('pageUrl '), error.message).toBe(true);
      expect(await exported(`web-${first}`)).toBeUndefined();
      const conversation = await postJson(`${setup.desk.url}/leads`, {
        kind: 'conversation',
        idempotencyKey: `url-conv-${n}`,
        conversationId: `web-${first}`,
        messages: [{ role: 'user', text: 'Is it still for sale?' }],
        pageUrl: url,
      });
      expect(conversation.status, JSON.stringify(url)).toBe(400);
    }
    // Refused, so nothing was queued for the CRM.
    expect(setup.crm.requests.length).toBe(requestsBefore);
  });

  it('in the platform’s listing_url and page_url is left out of the capture and the CRM’s event', async () => {
    for (const [n, url] of HOSTILE.entries()) {
      const first = `Call${n}`;
      expect((await webhook(platformCapture(first, url, url))).status, JSON.stringify(url)).toBe(
        200,
      );
      const line = await expectLeftOut(first, `call-${first}`, url);
      expect(line?.pageUrl, JSON.stringify(url)).toBeNull();
    }
  });

  it('in the end-of-call report’s page and recording URLs is neither stored nor in the CRM’s note', async () => {
    const callId = 'call-Call0';
    const notesBefore = setup.crm.notes.length;
    const report = endOfCallReport(callId, {
      call: callWith(callId, HOSTILE[0] ?? '', HOSTILE[0] ?? ''),
      artifact: {
        transcript: 'User: Can I see it on Saturday?',
        recordingUrl: HOSTILE[0],
        messages: [],
      },
    });
    expect((await webhook(report)).status).toBe(200);
    const note = await until(
      () => setup.crm.notes.length > notesBefore && setup.crm.notes.at(-1),
      'the conversation’s note',
    );
    expect(JSON.stringify(note.body)).not.toMatch(SCRIPT);
    const stored = await setup.desk.services.database.db
      .selectFrom('conversations')
      .select(['page_url', 'recording_url'])
      .where('id', '=', callId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ page_url: null, recording_url: null });
    const line = await exported(callId);
    expect(line?.conversation?.recordingUrl).toBeNull();
    expect(JSON.stringify(line)).not.toMatch(SCRIPT);
    // Every request the CRM took in this file, events and notes alike, is free of the scheme.
    expect(setup.crm.requests.filter((r) => SCRIPT.test(JSON.stringify(r.body)))).toEqual([]);
  });
});
