import { afterEach, describe, expect, test, vi } from 'vitest';
import { CallClient } from '../../widget/call/call-client.ts';
import type { WebCallCreator } from '../../widget/call/start-sequence.ts';
import { createFakeDaily, fakeMediaDevices } from '../helpers/fake-daily.ts';

// The call client warms daily-js itself at start(), so the UI needs no preload of its own.
const daily = vi.hoisted(() => ({ preloads: 0 }));
vi.mock('../../widget/call/daily-transport.ts', () => ({
  dailyTransportFactory: async () => {
    throw new Error('not in this test');
  },
  preloadDaily: async () => {
    daily.preloads++;
  },
}));

afterEach(() => {
  daily.preloads = 0;
});

const neverAnswers: WebCallCreator = (_payload, signal) =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

describe('warming daily-js', () => {
  test('starts downloading daily-js at start(), in the click, only for the default transport', async () => {
    const real = new CallClient({
      createWebCall: neverAnswers,
      mediaDevices: fakeMediaDevices().mediaDevices,
    });
    void real.start({ assistant: 'a' });
    expect(daily.preloads).toBe(1);
    await real.stop();

    const custom = new CallClient({
      createWebCall: neverAnswers,
      mediaDevices: fakeMediaDevices().mediaDevices,
      transportFactory: createFakeDaily().factory,
    });
    void custom.start({ assistant: 'a' });
    await custom.stop();
    expect(daily.preloads).toBe(1);
  });
});
