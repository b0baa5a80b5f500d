import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useReveal } from '../../site/hooks/use-reveal.ts';
import { useStaggeredCount } from '../../site/hooks/use-staggered-count.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** IntersectionObserver stand-in: the test decides when an element enters the view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {}
  enter() {
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  vi.useFakeTimers();
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function Chat({ active }: { active: boolean }) {
  const shown = useStaggeredCount(5, 200, active, false);
  return <output>{shown}</output>;
}

function Card({ delay }: { delay: number }) {
  const [ref, revealed] = useReveal<HTMLDivElement>(delay);
  return <div ref={ref} data-revealed={revealed} />;
}

const text = () => container.textContent;

describe('useStaggeredCount (hero chat, 200 ms steps)', () => {
  it('shows nothing until active, then item i at i × 200 ms', () => {
    act(() => root.render(<Chat active={false} />));
    act(() => vi.advanceTimersByTime(1000));
    expect(text()).toBe('0');
    act(() => root.render(<Chat active />));
    expect(text()).toBe('1');
    const seen: string[] = [];
    for (let t = 0; t < 5; t++) {
      act(() => vi.advanceTimersByTime(199));
      seen.push(text() ?? '');
      act(() => vi.advanceTimersByTime(1));
      seen.push(text() ?? '');
    }
    expect(seen).toEqual(['1', '2', '2', '3', '3', '4', '4', '5', '5', '5']);
  });
});

describe('useReveal (cards, 10% / 50 px, index × step delay)', () => {
  it('observes with threshold 0.1 and a 50 px bottom margin', () => {
    act(() => root.render(<Card delay={0} />));
    expect(FakeObserver.instances[0]?.options).toEqual({
      threshold: 0.1,
      rootMargin: '0px 0px -50px 0px',
    });
  });

  it('reveals its delay after entering the view, and only then', () => {
    act(() =>
      root.render(
        <>
          <Card delay={0} />
          <Card delay={150} />
          <Card delay={300} />
        </>,
      ),
    );
    const flags = () => [...container.querySelectorAll('div')].map((d) => d.dataset.revealed);
    act(() => vi.advanceTimersByTime(1000));
    expect(flags()).toEqual(['false', 'false', 'false']);
    act(() => {
      for (const observer of FakeObserver.instances) {
        observer.enter();
      }
    });
    expect(flags()).toEqual(['true', 'false', 'false']);
    act(() => vi.advanceTimersByTime(149));
    expect(flags()).toEqual(['true', 'false', 'false']);
    act(() => vi.advanceTimersByTime(1));
    expect(flags()).toEqual(['true', 'true', 'false']);
    act(() => vi.advanceTimersByTime(150));
    expect(flags()).toEqual(['true', 'true', 'true']);
  });
});
