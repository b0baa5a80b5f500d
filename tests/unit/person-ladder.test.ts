import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallbackRequest } from '../../widget/element/lead-details.ts';
import { type LadderPort, ladderOffer } from '../../widget/leads/callback-sender.ts';
import { showPersonLadder } from '../../widget/leads/card/person-ladder.ts';
import {
  isOfficeOpen,
  nextOpenings,
  readOfficeHours,
} from '../../widget/leads/rules/office-hours.ts';
import { FRIDAY_7PM, FRIDAY_10AM, OFFICE_HOURS } from '../fixtures/widget/office-hours.ts';

// "Talk to a person" (issue 29 §2, docs/behaviour.md#talk-to-a-person).

const HOURS = OFFICE_HOURS;

describe('office hours as the ladder reads them', () => {
  const read = readOfficeHours(JSON.stringify(HOURS));
  if (read === null) {
    throw new Error('HOURS did not read');
  }
  const hours = read;

  it('reads officeHours as assistant.config.json writes it, and refuses what does not read', () => {
    expect(read).toEqual(HOURS);
    expect(readOfficeHours(null)).toBeNull();
    expect(readOfficeHours('{"timeZone":"Mars/Base","hours":[]}')).toBeNull();
    expect(
      readOfficeHours(
        JSON.stringify({ ...HOURS, hours: [{ days: 'Funday', open: '9', close: 'x' }] }),
      ),
    ).toBeNull();
  });

  it('is open on the office’s wall clock, closed after closing time', () => {
    expect(isOfficeOpen(hours, FRIDAY_10AM)).toBe(true);
    expect(isOfficeOpen(hours, FRIDAY_7PM)).toBe(false);
    // 09:00 opens, 18:00 closes (Friday 09:00 is 15:00Z; 18:00 is 00:00Z Saturday).
    expect(isOfficeOpen(hours, new Date('2026-11-27T15:00:00Z'))).toBe(true);
    expect(isOfficeOpen(hours, new Date('2026-11-27T14:59:00Z'))).toBe(false);
    expect(isOfficeOpen(hours, new Date('2026-11-28T00:00:00Z'))).toBe(false);
  });

  it('offers the next three openings: Saturday 10:00, then Monday and Tuesday 09:00', () => {
    expect(nextOpenings(hours, FRIDAY_7PM, 3).map((at) => at.toISOString())).toEqual([
      '2026-11-28T16:00:00.000Z',
      '2026-11-30T15:00:00.000Z',
      '2026-12-01T15:00:00.000Z',
    ]);
  });

  it('keeps the wall clock across a change of offset (clocks go forward on 8 March 2026)', () => {
    // New York: Saturday 7 March 19:00 EST (UTC-5); Monday 9 March opens at 09:00 EDT (UTC-4).
    const newYork = { ...hours, timeZone: 'America/New_York' };
    expect(nextOpenings(newYork, new Date('2026-03-08T00:00:00Z'), 2).map(String)).toEqual([
      String(new Date('2026-03-09T13:00:00.000Z')),
      String(new Date('2026-03-10T13:00:00.000Z')),
    ]);
  });
});

function host(attributes: Record<string, string>): HTMLElement {
  const el = document.createElement('div');
  el.attachShadow({ mode: 'open' });
  for (const [name, value] of Object.entries(attributes)) {
    el.setAttribute(name, value);
  }
  document.body.append(el);
  return el;
}

interface Open extends Partial<LadderPort> {
  now?: Date;
}

/** Opens the ladder on `el` as the lead handler does, at `now` (Friday 10:00 by default). */
function open(el: HTMLElement, { now = FRIDAY_10AM, ...overrides }: Open = {}) {
  const port: LadderPort = {
    host: el,
    leadEndpoint: 'https://desk.example/leads',
    demo: false,
    listing: { address: '14 Linden Court', agentName: 'Daniel Okafor' },
    pageUrl: 'https://maple.example/listings/14-linden',
    language: 'en',
    ...overrides,
  };
  return showPersonLadder(el, ladderOffer(port, now));
}

const dialog = (el: HTMLElement) =>
  el.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
const input = (el: HTMLElement, selector: string) => {
  const found = el.shadowRoot?.querySelector<HTMLInputElement>(selector);
  if (!found) {
    throw new Error(`no ${selector}`);
  }
  return found;
};
const button = (el: HTMLElement, text: string) => {
  const found = [...(el.shadowRoot?.querySelectorAll('button') ?? [])].find(
    (b) => b.textContent === text,
  );
  if (!found) {
    throw new Error(`no button ${text}`);
  }
  return found;
};

describe('the ladder', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('inside office hours: Call me now posts an urgent callback, then names who calls and the office number', async () => {
    const el = host({
      'office-hours': JSON.stringify(HOURS),
      'office-phone': '604-555-0100',
      brokerage: 'Maple Ridge Realty',
    });
    const deliver = vi.fn(async (_request: CallbackRequest) => undefined);
    const heard: CallbackRequest[] = [];
    el.addEventListener('voice-assistant:callback', (event) => heard.push(event.detail));
    const closed = open(el, { deliver });
    expect(dialog(el)?.getAttribute('aria-modal')).toBe('true');
    const box = input(el, 'input[type="checkbox"]');
    expect(box.checked).toBe(false);
    expect(box.parentElement?.textContent).toBe(
      'Maple Ridge Realty may call or text me at this number about homes. Consent is not a condition of buying.',
    );
    expect(el.shadowRoot?.querySelector('.ladder-times')).toBeNull();
    input(el, 'input[type="tel"]').value = '604-555-0134';
    input(el, 'input[autocomplete="name"]').value = 'Sam Rivera';
    box.checked = true;
    button(el, 'Call me now').click();
    expect(deliver).toHaveBeenCalledTimes(1);
    const sent = deliver.mock.calls[0]?.[0];
    expect(sent).toMatchObject({
      kind: 'callback',
      urgent: true,
      requestedTime: null,
      fields: { name: 'Sam Rivera', phone: '604-555-0134', consentToContact: true },
      officePhone: '604-555-0100',
      contactConsent: {
        text: 'Maple Ridge Realty may call or text me at 604-555-0134 about homes. Consent is not a condition of buying.',
      },
    });
    expect(heard).toEqual([sent]);
    expect(dialog(el)?.querySelector('[role="status"]')?.textContent).toBe(
      'Daniel will call you in the next few minutes.',
    );
    expect(el.shadowRoot?.querySelector('a')?.getAttribute('href')).toBe('tel:6045550100');
    button(el, 'Close').click();
    await expect(closed).resolves.toEqual(sent);
    expect(dialog(el)).toBeNull();
  });

  it('refuses a number that cannot be dialled, and sends nothing', () => {
    const el = host({});
    const deliver = vi.fn(async () => undefined);
    open(el, { deliver });
    input(el, 'input[type="tel"]').value = '12';
    button(el, 'Call me now').click();
    expect(deliver).not.toHaveBeenCalled();
    expect(el.shadowRoot?.querySelector('[role="alert"]')?.textContent).toBe(
      'Enter a phone number that can be dialled.',
    );
    expect(input(el, 'input[type="tel"]').getAttribute('aria-invalid')).toBe('true');
  });

  it('outside office hours: says when the office opens and calls back at the opening picked', () => {
    const el = host({ 'office-hours': JSON.stringify(HOURS) });
    const deliver = vi.fn(async (_request: CallbackRequest) => undefined);
    open(el, { deliver, now: FRIDAY_7PM });
    expect(dialog(el)?.textContent).toContain(
      'The office is closed. It opens Saturday, November 28',
    );
    const times = [
      ...(el.shadowRoot?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? []),
    ];
    expect(times.map((t) => t.parentElement?.textContent)).toEqual([
      expect.stringContaining('Saturday, November 28'),
      expect.stringContaining('Monday, November 30'),
      expect.stringContaining('Tuesday, December 1'),
    ]);
    expect(times[0]?.checked).toBe(true);
    if (times[1]) {
      times[1].checked = true;
    }
    input(el, 'input[type="tel"]').value = '604-555-0134';
    button(el, 'Call me back').click();
    expect(deliver.mock.calls[0]?.[0]).toMatchObject({
      urgent: false,
      requestedTime: '2026-11-30T15:00:00.000Z',
      fields: { phone: '604-555-0134', consentToContact: false },
    });
    expect(deliver.mock.calls[0]?.[0]).not.toHaveProperty('contactConsent');
    expect(dialog(el)?.querySelector('[role="status"]')?.textContent).toContain(
      'We will call you Monday, November 30',
    );
  });

  it('without a lead endpoint: only the office’s tel: link, and the event says so', () => {
    const el = host({ 'office-phone': '+1 604 555 0100' });
    const heard: CallbackRequest[] = [];
    el.addEventListener('voice-assistant:callback', (event) => heard.push(event.detail));
    open(el, { leadEndpoint: null });
    expect(el.shadowRoot?.querySelector('input')).toBeNull();
    expect(el.shadowRoot?.querySelector('a')?.getAttribute('href')).toBe('tel:+16045550100');
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      kind: 'callback',
      fields: null,
      officePhone: '+1 604 555 0100',
    });
  });

  it('a host that takes the request over (preventDefault) stops the POST', () => {
    const el = host({});
    const deliver = vi.fn(async () => undefined);
    el.addEventListener('voice-assistant:callback', (event) => event.preventDefault());
    open(el, { deliver });
    input(el, 'input[type="tel"]').value = '604-555-0134';
    button(el, 'Call me now').click();
    expect(deliver).not.toHaveBeenCalled();
  });

  it('Escape closes it with nothing sent', async () => {
    const el = host({});
    const closed = open(el);
    dialog(el)?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await expect(closed).resolves.toBeNull();
    expect(dialog(el)).toBeNull();
  });
});
