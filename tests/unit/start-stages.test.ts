import { describe, expect, test } from 'vitest';
import { StartCancelledError } from '../../widget/call/abortable.ts';
import { CallError } from '../../widget/call/call-error.ts';
import { createStageRunner, type StageReport } from '../../widget/call/stage-runner.ts';
import { START_STAGES } from '../../widget/call/start-stages.ts';

function runner(signal = new AbortController().signal) {
  let clock = 0;
  const reports: StageReport[] = [];
  const optional: CallError[] = [];
  const runStage = createStageRunner({
    now: () => clock,
    signal,
    report: (r) => reports.push(r),
    onOptionalFailure: (e) => optional.push(e),
  });
  return { runStage, reports, optional, tick: (ms: number) => (clock += ms) };
}

describe('start stages', () => {
  test('docs/behaviour.md#states order', () => {
    expect(START_STAGES).toEqual([
      'initialization',
      'web-call-creation',
      'daily-call-object-creation',
      'mobile-permissions',
      'daily-call-join',
      'video-recording-setup',
      'audio-observer-setup',
      'audio-processing-setup',
    ]);
  });

  test('a stage reports started and completed with its duration and notes', async () => {
    const r = runner();
    const value = await r.runStage('web-call-creation', async (note) => {
      r.tick(120);
      note({ callId: 'c' });
      return 42;
    });
    expect(value).toBe(42);
    expect(r.reports).toEqual([
      { stage: 'web-call-creation', status: 'started', durationMs: 0 },
      { stage: 'web-call-creation', status: 'completed', durationMs: 120, detail: { callId: 'c' } },
    ]);
  });

  test('a required stage that fails reports failed and throws its catalogue error', async () => {
    const r = runner();
    const failing = r.runStage('daily-call-object-creation', () => {
      r.tick(5);
      throw new Error('no WebRTC');
    });
    await expect(failing).rejects.toMatchObject({
      code: 'daily-call-object-creation-error',
      stage: 'daily-call-object-creation',
      message: 'The call could not be prepared in this browser (no WebRTC).',
    });
    expect(r.reports[1]).toMatchObject({ status: 'failed', durationMs: 5 });
    expect(r.reports[1]?.error).toBeInstanceOf(CallError);
  });

  test('an optional stage that fails reports, hands the error over and resolves undefined', async () => {
    const r = runner();
    await expect(
      r.runStage('audio-observer-setup', () => Promise.reject(new Error('x'))),
    ).resolves.toBeUndefined();
    expect(r.optional.map((e) => e.code)).toEqual(['audio-observer-setup-error']);
  });

  test('aborting the signal cancels the stage at once', async () => {
    const controller = new AbortController();
    const r = runner(controller.signal);
    const pending = r.runStage('web-call-creation', () => new Promise(() => undefined));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(StartCancelledError);
    expect(r.reports.at(-1)).toEqual({
      stage: 'web-call-creation',
      status: 'cancelled',
      durationMs: 0,
    });
  });

  test('a stage after a stop() is not run nor reported; a stop() from its started report skips its work', async () => {
    const controller = new AbortController();
    const r = runner(controller.signal);
    let ran = 0;
    controller.abort();
    await expect(r.runStage('daily-call-join', () => void ran++)).rejects.toBeInstanceOf(
      StartCancelledError,
    );
    expect(r.reports).toEqual([]);

    const late = new AbortController();
    const stages = createStageRunner({
      now: () => 0,
      signal: late.signal,
      report: (report) => {
        r.reports.push(report);
        late.abort(); // a listener calls stop() on `started`
      },
      onOptionalFailure: () => undefined,
    });
    await expect(stages('daily-call-join', () => void ran++)).rejects.toBeInstanceOf(
      StartCancelledError,
    );
    expect(ran).toBe(0);
    expect(r.reports.map((report) => report.status)).toEqual(['started', 'cancelled']);
  });

  test('the error says whether the call goes on: optional stages are recoverable', async () => {
    const r = runner();
    await r.runStage('audio-processing-setup', () => Promise.reject(new Error('x')));
    await expect(
      r.runStage('daily-call-join', () => Promise.reject(new Error('y'))),
    ).rejects.toMatchObject({ code: 'daily-call-join-error', recoverable: false });
    expect(r.optional.map((error) => error.recoverable)).toEqual([true]);
  });

  test('the work starts synchronously (inside the user gesture)', () => {
    const r = runner();
    let ran = false;
    void r.runStage('initialization', () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
