import { describe, expect, test, vi } from 'vitest';
import { Emitter } from '../../widget/call/emitter.ts';

interface Events {
  ping: (n: number) => void;
  error: (e: Error) => void;
}

class Owner extends Emitter<Events> {
  fire<K extends keyof Events>(event: K, ...args: Parameters<Events[K]>): void {
    this.emit(event, ...args);
  }
}

describe('Emitter', () => {
  test('on/once/off chain and listeners run in the order added', () => {
    const owner = new Owner();
    const seen: string[] = [];
    const a = (n: number) => seen.push(`a${n}`);
    expect(
      owner
        .on('ping', a)
        .once('ping', (n) => seen.push(`once${n}`))
        .on('ping', (n) => seen.push(`b${n}`)),
    ).toBe(owner);
    owner.fire('ping', 1);
    owner.off('ping', a).fire('ping', 2);
    expect(seen).toEqual(['a1', 'once1', 'b1', 'b2']);
    expect(owner.listenerCount('ping')).toBe(1);
  });

  test('an error event with no listener is not thrown (unlike Node’s emitter)', () => {
    expect(() => new Owner().fire('error', new Error('x'))).not.toThrow();
  });

  test('a throwing listener is logged and the others still run', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const owner = new Owner();
    const after = vi.fn();
    owner.on('ping', () => {
      throw new Error('bad listener');
    });
    owner.on('ping', after);
    expect(() => owner.fire('ping', 1)).not.toThrow();
    expect(after).toHaveBeenCalledWith(1);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  test('adding or removing listeners while emitting does not affect the current emit', () => {
    const owner = new Owner();
    const late = vi.fn();
    owner.on('ping', () => owner.on('ping', late));
    owner.fire('ping', 1);
    expect(late).not.toHaveBeenCalled();
    owner.fire('ping', 2);
    expect(late).toHaveBeenCalledOnce();
  });

  test('off removes a once listener; removeAllListeners empties one or every event', () => {
    const owner = new Owner();
    const once = vi.fn();
    owner.once('ping', once).off('ping', once).fire('ping', 1);
    expect(once).not.toHaveBeenCalled();
    owner.on('ping', vi.fn()).on('error', vi.fn());
    expect(owner.listenerCount()).toBe(2);
    owner.removeAllListeners('ping');
    expect(owner.listenerCount()).toBe(1);
    owner.removeAllListeners();
    expect(owner.listenerCount()).toBe(0);
  });
});
