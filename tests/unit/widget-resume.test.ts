import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebCallCreator } from '../../widget/call/call-client.ts';
import { LIVE_CONVERSATION_KEY } from '../../widget/element/live-conversation.ts';
import { defineVoiceAssistant } from '../../widget/entries/define-element.ts';
import { consentKey, consentVersion } from '../../widget/leads/watch/consent-record.ts';
import type { VoiceAssistantElement } from '../../widget/loader/voice-assistant-element.ts';
import {
  createFakeDaily,
  type FakeDailyOptions,
  fakeMediaDevices,
  speakerParticipant,
} from '../helpers/fake-daily.ts';

// Issue 29 §1: a call follows the visitor across a reload or a navigation in the same tab,
// through the transport seam. A "page" is an element mounted in the document; leaving it is
// `pagehide` on the window, then the element's removal (which ends the call, as unloading does).

const WAIT = { timeout: 10_000 };
const DISCLOSURE = 'This call is recorded.';
const ROOM = 'https://example.daily.co/room-1';

defineVoiceAssistant();

interface Page {
  el: VoiceAssistantElement;
  root: ShadowRoot;
  daily: ReturnType<typeof createFakeDaily>;
  webCalls: unknown[];
  events: string[];
  label(): string | null | undefined;
  status(): string | null | undefined;
  notes(): string[];
}

function openPage(attributes: Record<string, string>, room: FakeDailyOptions = {}): Page {
  const el = document.createElement('voice-assistant') as VoiceAssistantElement;
  const all = { 'assistant-id': 'a', 'public-key': 'pk', consent: DISCLOSURE, ...attributes };
  for (const [name, value] of Object.entries(all)) {
    el.setAttribute(name, value);
  }
  const daily = createFakeDaily({ present: [speakerParticipant()], ...room });
  const webCalls: unknown[] = [];
  const createWebCall: WebCallCreator = async (payload) => {
    webCalls.push(payload);
    return { id: 'call-1', webCallUrl: ROOM, transport: { callToken: 'token-1' } };
  };
  // Set before the element connects: the loader moves it onto its accessor.
  Object.assign(el, {
    callOptions: {
      transportFactory: daily.factory,
      createWebCall,
      mediaDevices: fakeMediaDevices().mediaDevices,
    },
  });
  const events: string[] = [];
  el.addEventListener('voice-assistant:state-change', (event) => events.push(event.detail.state));
  document.body.append(el);
  const root = el.shadowRoot as ShadowRoot;
  return {
    el,
    root,
    daily,
    webCalls,
    events,
    label: () => root.querySelector('button.button')?.textContent,
    status: () => root.querySelector('.status')?.textContent,
    notes: () =>
      daily.rooms.flatMap((room) =>
        room.sent
          .map((data) => JSON.parse(String(data)) as Record<string, unknown>)
          .filter((message) => message.type === 'add-message')
          .map((message) => (message.message as { content: string }).content),
      ),
  };
}

/**
 * `pagehide` until the page keeps its call: the resume chunk loads at `call-start`, and a
 * visitor who leaves before it arrived keeps nothing.
 */
async function hideUntilKept(): Promise<void> {
  await expect
    .poll(() => {
      window.dispatchEvent(new Event('pagehide'));
      return sessionStorage.getItem(LIVE_CONVERSATION_KEY);
    }, WAIT)
    .not.toBeNull();
}

/** The visitor leaves the page: `pagehide`, then the page (and its call) goes away. */
async function leave(page: Page): Promise<void> {
  await hideUntilKept();
  page.el.remove();
  await expect.poll(() => page.daily.room.state.destroyed, WAIT).toBe(true);
}

async function liveCall(attributes: Record<string, string> = {}): Promise<Page> {
  const page = openPage(attributes);
  await page.el.start();
  await expect.poll(page.label, WAIT).toBe('Stop');
  page.daily.room.appMessage('listening'); // the assistant is listening: `call-start`
  page.daily.room.appMessage({
    type: 'transcript',
    role: 'assistant',
    transcriptType: 'final',
    transcript: 'Hi, I am Nora. How can I help?',
  });
  await expect.poll(() => page.root.textContent, WAIT).toContain('How can I help?');
  return page;
}

beforeEach(() => {
  localStorage.setItem(
    consentKey(consentVersion(DISCLOSURE)),
    JSON.stringify({ version: consentVersion(DISCLOSURE), acceptedAt: '2026-11-27T04:00:00Z' }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
  sessionStorage.clear();
  localStorage.clear();
});

describe('a call follows the visitor to the next page', () => {
  it('reload mid-call: rejoins the same room without a new web call and shows the transcript again', async () => {
    const listing = { 'listing-address': '14 Linden Court', 'listing-price': '$450,000' };
    const first = await liveCall(listing);
    await leave(first);
    expect(sessionStorage.getItem(LIVE_CONVERSATION_KEY)).toContain(ROOM);

    const next = openPage(listing);
    await expect.poll(next.label, WAIT).toBe('Stop');
    expect(next.webCalls).toEqual([]);
    expect(next.daily.room.joinOptions[0]).toMatchObject({ url: ROOM, token: 'token-1' });
    expect(next.root.textContent).toContain('Hi, I am Nora. How can I help?');
    await expect
      .poll(next.notes, WAIT)
      .toEqual(['The visitor is now on 14 Linden Court, $450,000']);
    // Claimed: a second reload now would not resume the same record twice.
    expect(sessionStorage.getItem(LIVE_CONVERSATION_KEY)).toBeNull();
  });

  it('navigating to another listing: the assistant hears where the visitor is now', async () => {
    const first = await liveCall({
      'listing-address': '14 Linden Court',
      'listing-price': '$450,000',
    });
    await leave(first);
    const next = openPage({ 'listing-address': '22 Oak Street', 'listing-price': '$615,000' });
    await expect.poll(next.label, WAIT).toBe('Stop');
    await expect.poll(next.notes, WAIT).toEqual(['The visitor is now on 22 Oak Street, $615,000']);
    const note = next.daily.room.sent
      .map((data) => JSON.parse(String(data)) as Record<string, unknown>)
      .find((message) => message.type === 'add-message');
    expect(note).toMatchObject({ message: { role: 'system' }, triggerResponseEnabled: false });
  });

  it('too late: says the call ended, offers Talk again, and never shows Connecting', async () => {
    const first = await liveCall({ 'resume-seconds': '5' });
    await leave(first);
    const left = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => left + 6_000);
    const next = openPage({});
    await expect.poll(next.status, WAIT).toBe('Your call ended when you left the page');
    expect(next.label()).toBe('Talk again');
    expect(next.events).toEqual([]);
    expect(next.daily.rooms).toEqual([]);
    // Talk again is a new call, and the label is the usual one from then on.
    next.root.querySelector<HTMLButtonElement>('button.button')?.click();
    await expect.poll(next.label, WAIT).toBe('Stop');
    expect(next.webCalls).toHaveLength(1);
  });

  it('a call that ended meanwhile: the rejoin fails and the widget says so, back at idle', async () => {
    const first = await liveCall();
    await leave(first);
    const next = openPage({}, { join: { kind: 'reject', reason: 'Meeting has ended' } });
    await expect.poll(next.status, WAIT).toBe('Your call ended when you left the page');
    expect(next.label()).toBe('Talk again');
    expect(next.events).toEqual(['connecting', 'idle']);
    expect(next.webCalls).toEqual([]);
  });

  it('keeps no transcript on the device without the visitor’s agreement', async () => {
    localStorage.clear();
    const first = await liveCall({ consent: '' });
    await hideUntilKept();
    const saved = JSON.parse(sessionStorage.getItem(LIVE_CONVERSATION_KEY) ?? '{}');
    expect(saved).toMatchObject({ kind: 'call', room: { url: ROOM }, lines: null });
    expect(JSON.stringify(saved)).not.toContain('Nora');
    first.el.remove();
  });

  it('resume-seconds="0" keeps nothing: the next page starts afresh', async () => {
    const page = await liveCall();
    await hideUntilKept();
    sessionStorage.clear();
    page.el.setAttribute('resume-seconds', '0');
    window.dispatchEvent(new Event('pagehide'));
    expect(sessionStorage.getItem(LIVE_CONVERSATION_KEY)).toBeNull();
    await page.el.stop();
  });

  it('a single-page app changing the listing mid-call tells the assistant the same way', async () => {
    const page = await liveCall({ 'listing-address': '14 Linden Court' });
    await hideUntilKept(); // the resume chunk is there
    page.el.setAttribute('listing-address', '22 Oak Street');
    page.el.setAttribute('listing-price', '$615,000');
    await expect.poll(page.notes, WAIT).toEqual(['The visitor is now on 22 Oak Street, $615,000']);
    await page.el.stop();
  });
});
