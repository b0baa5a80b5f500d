import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentEvidence } from '../../widget/leads/consent-evidence.ts';
import {
  consentKey,
  consentVersion,
  readConsent,
  writeConsent,
} from '../../widget/leads/watch/consent-record.ts';
import { ConsentGate } from '../../widget/session/consent-gate.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

describe('consentVersion', () => {
  it('is a stable 64-bit FNV-1a of the UTF-8 text', () => {
    expect(consentVersion('')).toBe('cbf29ce484222325');
    expect(consentVersion('a')).toBe('af63dc4c8601ec8c');
    expect(consentVersion('This call is recorded.')).toBe(consentVersion('This call is recorded.'));
    expect(consentVersion('This call is recorded.')).not.toBe(
      consentVersion('This call is recorded!'),
    );
    expect(consentVersion('مسجّلة')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('consent evidence in a capture', () => {
  const text = 'This call is recorded.';
  const record = { version: consentVersion(text), acceptedAt: '2026-11-23T01:00:00.000Z' };

  it('carries the version, the time and the text agreed to', () => {
    expect(consentEvidence(record, text)).toEqual({ ...record, text });
  });

  it('leaves the text out when the page’s text is no longer the one agreed to', () => {
    expect(consentEvidence(record, 'This call is recorded and shared.')).toEqual({
      ...record,
      text: null,
    });
    expect(consentEvidence(null, text)).toBeNull();
  });
});

describe('stored agreement', () => {
  it('round-trips under a key of the version, and ignores other versions and damage', () => {
    const storage = new MemoryStorage();
    const record = { version: 'abc', acceptedAt: '2026-01-01T00:00:00.000Z' };
    expect(readConsent(storage, 'abc')).toBeNull();
    expect(writeConsent(storage, record)).toBe(true);
    expect([...storage.items.keys()]).toEqual([consentKey('abc')]);
    expect(readConsent(storage, 'abc')).toEqual(record);
    expect(readConsent(storage, 'def')).toBeNull();
    storage.setItem(consentKey('abc'), '{broken');
    expect(readConsent(storage, 'abc')).toBeNull();
  });

  it('treats a refusing storage as no storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readConsent(refusing, 'abc')).toBeNull();
    expect(writeConsent(refusing, { version: 'abc', acceptedAt: 'x' })).toBe(false);
    expect(readConsent(null, 'abc')).toBeNull();
  });
});

describe('ConsentGate', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  function setup(text: string | null = 'Recorded.') {
    const host = document.createElement('div');
    document.body.append(host);
    const storage = new MemoryStorage();
    const events: unknown[] = [];
    host.addEventListener('voice-assistant:consent', (e) => events.push(e.detail));
    let current = text;
    const gate = new ConsentGate({
      host,
      config: () => (current === null ? null : { text: current, url: null }),
      storage: () => storage as unknown as Storage,
      now: () => new Date('2026-11-23T01:00:00.000Z'),
    });
    return { gate, storage, events, setText: (t: string) => (current = t) };
  }

  it('needs nothing without a disclosure', () => {
    const { gate } = setup(null);
    expect(gate.request('call')).toBeNull();
    expect(gate.getSnapshot().asking).toBeNull();
  });

  it('Not now: false, nothing stored, nothing dispatched, asked again next time', async () => {
    const { gate, storage, events } = setup();
    const answer = gate.request('call');
    expect(answer).toBeInstanceOf(Promise);
    expect(gate.getSnapshot()).toEqual({ asking: 'call', text: 'Recorded.', url: null });
    gate.decline();
    await expect(answer).resolves.toBe(false);
    expect(storage.items.size).toBe(0);
    expect(events).toEqual([]);
    expect(gate.request('chat')).toBeInstanceOf(Promise);
  });

  it('Agree: stores, dispatches { version, acceptedAt }, and shares the answer', async () => {
    const { gate, storage, events, setText } = setup();
    const listener = vi.fn();
    gate.subscribe(listener);
    const first = gate.request('call');
    const second = gate.request('chat');
    expect(second).toBe(first);
    gate.agree();
    const record = { version: consentVersion('Recorded.'), acceptedAt: '2026-11-23T01:00:00.000Z' };
    await expect(first).resolves.toEqual(record);
    expect(events).toEqual([record]);
    expect(JSON.parse(storage.getItem(consentKey(record.version)) ?? '')).toEqual(record);
    expect(gate.getSnapshot().asking).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(gate.request('call')).toEqual(record);
    setText('Recorded and kept for 90 days.');
    expect(gate.request('call')).toBeInstanceOf(Promise);
  });
});
