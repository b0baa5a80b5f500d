// When the desk settles its heap (desk/cli/start-heap.ts): once it has gone quiet after the heap
// grew. A full collection holds the event loop for 40–70 ms, so never while requests or
// deliveries are running, and never again on a desk that only waits.

/** What the desk reads twice a second: how busy it was, and how large V8's heap is. */
export interface HeapReading {
  /** Share of the last half second the event loop was running (0–1). */
  utilization: number;
  /** V8's young generation, bytes in memory. */
  newSpaceBytes: number;
  /** V8's young generation, bytes of objects in it (what was allocated since its last collection). */
  newSpaceUsedBytes: number;
  /** V8's whole heap, bytes in memory. */
  heapBytes: number;
}

/**
 * A half second this little busy can be a quiet one: an idle desk's upkeep takes under 1%, but
 * just after a burst its analyzes of the grown tables take 10–30% of some half seconds.
 */
export const QUIET_UTILIZATION = 0.25;

/**
 * V8 starts the young generation at about 1 MB and doubles it only when much of
 * it survives, which takes load; past this size it has grown, and a collection gives it back.
 */
export const GROWN_NEW_SPACE_BYTES = 4 * 1024 * 1024;

/** The heap this much larger than the last settled one holds garbage worth collecting. */
export const GROWN_HEAP_BYTES = 16 * 1024 * 1024;

/**
 * A quiet half second allocates less than this. The event loop alone says too little: a desk
 * sending a backlog on a loaded machine waits on its files and sockets much of the time, yet
 * allocates about 120 kB a delivery (a megabyte or more a half second); an idle desk's upkeep
 * allocates up to a few hundred kilobytes a half second just after a burst, then next to none.
 */
export const QUIET_ALLOCATION_BYTES = 512 * 1024;

/**
 * Whether to settle now: a quiet half second (the event loop mostly idle, and next to nothing
 * allocated since the `previous` reading) after the heap grew since it was last settled.
 */
export function shouldSettle(
  reading: HeapReading,
  previous: HeapReading,
  settledHeapBytes: number,
): boolean {
  const allocated = reading.newSpaceUsedBytes - previous.newSpaceUsedBytes;
  // Less in the young generation than before: it was collected, so much was allocated.
  if (
    reading.utilization >= QUIET_UTILIZATION ||
    allocated < 0 ||
    allocated >= QUIET_ALLOCATION_BYTES
  ) {
    return false;
  }
  return (
    reading.newSpaceBytes > GROWN_NEW_SPACE_BYTES ||
    reading.heapBytes > settledHeapBytes + GROWN_HEAP_BYTES
  );
}
