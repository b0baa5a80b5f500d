import { describe, expect, it } from 'vitest';
import { HydrationQueue } from '../../site/islands/hydration-queue.ts';

/** A yield the test releases by hand, so each "task" is visible. */
function manualTurns() {
  const waiting: Array<() => void> = [];
  return {
    yieldToBrowser: () => new Promise<void>((resolve) => waiting.push(resolve)),
    async next(): Promise<void> {
      waiting.shift()?.();
      // Let the queue's continuation run.
      for (let i = 0; i < 5; i++) {
        await Promise.resolve();
      }
    },
    get pending() {
      return waiting.length;
    },
  };
}

function isOpen(queue: HydrationQueue, id: string): boolean {
  return (queue.gate(id) as { status?: string } | null)?.status === 'fulfilled';
}

describe('HydrationQueue', () => {
  it('is open when not held: no gate, done at start', async () => {
    const queue = new HydrationQueue(() => Promise.resolve());
    queue.register('a');
    expect(queue.gate('a')).toBeNull();
    queue.start();
    await expect(queue.done).resolves.toBeUndefined();
  });

  it('opens one island per turn, the next only after the previous committed', async () => {
    const turns = manualTurns();
    const queue = new HydrationQueue(turns.yieldToBrowser);
    for (const id of ['nav', 'hero', 'features']) {
      queue.register(id);
    }
    queue.hold();
    queue.start();
    expect(['nav', 'hero', 'features'].map((id) => isOpen(queue, id))).toEqual([
      false,
      false,
      false,
    ]);
    await turns.next();
    expect(['nav', 'hero', 'features'].map((id) => isOpen(queue, id))).toEqual([
      true,
      false,
      false,
    ]);
    // No new turn is asked for until nav has committed.
    expect(turns.pending).toBe(0);
    queue.committed('nav');
    await turns.next();
    await turns.next();
    expect(isOpen(queue, 'hero')).toBe(true);
    expect(isOpen(queue, 'features')).toBe(false);
    let done = false;
    void queue.done.then(() => {
      done = true;
    });
    queue.committed('hero');
    await turns.next();
    await turns.next();
    expect(isOpen(queue, 'features')).toBe(true);
    expect(done).toBe(false);
    queue.committed('features');
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it('opens every gate at once when the visitor is about to interact', async () => {
    const turns = manualTurns();
    const queue = new HydrationQueue(turns.yieldToBrowser);
    queue.register('a');
    queue.register('b');
    queue.hold();
    queue.openAll();
    expect([isOpen(queue, 'a'), isOpen(queue, 'b')]).toEqual([true, true]);
    await expect(queue.gate('b')).resolves.toBeUndefined();
  });

  it('registers an island once, however often it renders', () => {
    const queue = new HydrationQueue(() => Promise.resolve());
    queue.register('a');
    queue.hold();
    const gate = queue.gate('a');
    queue.register('a');
    expect(queue.gate('a')).toBe(gate);
  });

  it('gives a deferred island no turn: the first screen is ready without it, and it opens when asked', async () => {
    const turns = manualTurns();
    const queue = new HydrationQueue(turns.yieldToBrowser);
    queue.register('nav');
    queue.register('features', true);
    queue.register('footer', true);
    queue.hold();
    queue.start();
    let ready = false;
    let done = false;
    void queue.ready.then(() => {
      ready = true;
    });
    void queue.done.then(() => {
      done = true;
    });
    await turns.next();
    queue.committed('nav');
    await turns.next();
    await Promise.resolve();
    expect(ready).toBe(true);
    expect(done).toBe(false);
    // No turn was spent on the deferred islands, and they stay shut.
    expect(turns.pending).toBe(0);
    expect([isOpen(queue, 'features'), isOpen(queue, 'footer')]).toEqual([false, false]);

    queue.open('features');
    expect([isOpen(queue, 'features'), isOpen(queue, 'footer')]).toEqual([true, false]);
    queue.committed('features');
    await Promise.resolve();
    expect(done).toBe(false);
    queue.openAll();
    queue.committed('footer');
    await Promise.resolve();
    expect(done).toBe(true);
  });

  it('is open for deferred islands too when not held (server rendering, a page rendered from scratch)', async () => {
    const queue = new HydrationQueue(() => Promise.resolve());
    queue.register('features', true);
    expect(queue.gate('features')).toBeNull();
    queue.start();
    await expect(queue.ready).resolves.toBeUndefined();
    await expect(queue.done).resolves.toBeUndefined();
  });
});
