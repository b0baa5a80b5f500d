import { describe, expect, it } from 'vitest';
import {
  GROWN_HEAP_BYTES,
  GROWN_NEW_SPACE_BYTES,
  type HeapReading,
  QUIET_ALLOCATION_BYTES,
  QUIET_UTILIZATION,
  shouldSettle,
} from '../../desk/cli/heap-settle.ts';

// The desk gives its heap back once it goes quiet after a burst (issue 31 #15), and never
// collects while it is serving or sending, nor again and again while it only waits.

const MB = 1024 * 1024;
const settled = 40 * MB;
/** The reading half a second earlier: the young generation grown by load, 2 MB in it. */
const previous: HeapReading = {
  utilization: 0.9,
  newSpaceBytes: 32 * MB,
  newSpaceUsedBytes: 2 * MB,
  heapBytes: settled,
};
const quiet = { utilization: QUIET_UTILIZATION / 5, newSpaceUsedBytes: 2 * MB + 64 * 1024 };

describe('when the desk settles its heap', () => {
  it('settles once quiet after load grew the young generation', () => {
    expect(shouldSettle({ ...previous, ...quiet }, previous, settled)).toBe(true);
  });

  it('settles once quiet after the old generation grew past the last settled heap', () => {
    const grown = { ...previous, newSpaceBytes: MB, heapBytes: settled + GROWN_HEAP_BYTES + MB };
    expect(shouldSettle({ ...grown, ...quiet }, grown, settled)).toBe(true);
  });

  it('never collects while requests keep the event loop busy', () => {
    expect(shouldSettle({ ...previous, ...quiet, utilization: 0.9 }, previous, settled)).toBe(
      false,
    );
    expect(
      shouldSettle({ ...previous, ...quiet, utilization: QUIET_UTILIZATION }, previous, settled),
    ).toBe(false);
  });

  it('never collects while a backlog is being sent, however idle the event loop looks', () => {
    const allocating = previous.newSpaceUsedBytes + QUIET_ALLOCATION_BYTES;
    expect(
      shouldSettle({ ...previous, ...quiet, newSpaceUsedBytes: allocating }, previous, settled),
    ).toBe(false);
    // Less in the young generation than before: V8 collected it, so much was allocated.
    expect(
      shouldSettle({ ...previous, ...quiet, newSpaceUsedBytes: 64 * 1024 }, previous, settled),
    ).toBe(false);
  });

  it('leaves a settled heap alone while the desk only waits', () => {
    const waiting = {
      ...previous,
      newSpaceBytes: GROWN_NEW_SPACE_BYTES,
      heapBytes: settled + 4 * MB,
    };
    expect(shouldSettle({ ...waiting, ...quiet }, waiting, settled)).toBe(false);
  });
});
