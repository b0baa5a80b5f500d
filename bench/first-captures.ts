import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postCapture, startTimedDesk, stopDesk } from './desk-load.ts';

/** How many captures, one after another, are timed after a start. */
const FIRST = 3;
/** The desk waits this long after /health 200, as a desk that was started before its leads. */
const SETTLE_MS = 1000;
/** A moment between the captures, as visitors are not one another's queue. */
const GAP_MS = 200;

/**
 * The first captures a desk just started answers, one after another: what a lead waits on
 * after every restart or deploy, while the desk's code, its database's plans and the libraries
 * each loads on first use are still cold (the ingest rows measure a desk that is warm by then).
 * Resolves each capture's milliseconds, in order.
 */
export async function firstCaptureTimes(env: Record<string, string>): Promise<number[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'desk-first-'));
  const desk = await startTimedDesk({ DESK_DATA_DIR: dataDir, ...env });
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const run = `first${Date.now()}`;
    const times: number[] = [];
    for (let i = 0; i < FIRST; i++) {
      const started = performance.now();
      const status = await postCapture(desk.url, run, i);
      if (status !== 201) {
        throw new Error(`a first capture was answered ${status}`);
      }
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    return times;
  } finally {
    await stopDesk(desk);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The bench's row for {@link firstCaptureTimes} (shown, not judged). */
export function firstCapturesRow(label: string, times: readonly number[]) {
  return {
    measure: `first ${times.length} captures after a start, one after another (${label})`,
    value: `${times.map((ms) => ms.toFixed(0)).join(' / ')} ms`,
    budget: '(shown, not judged)',
  };
}
