import { TZDATA_VERSION } from './tz-zone.ts';

/** Which time-zone rules the desk runs on, for `/health` and the start log. */
export interface TzdataVersions {
  /** The pinned database's release ("2026f"): the one every time is read with. */
  tzdata: string;
  /** The runtime's own ICU copy (`process.versions.tz`), or null when it does not say. */
  runtime: string | null;
}

/** The pinned database's release and the runtime's, as this process has them. */
export function tzdataVersions(runtime: string | undefined = process.versions.tz): TzdataVersions {
  return { tzdata: TZDATA_VERSION, runtime: runtime ?? null };
}

/**
 * The start log's line when the runtime carries other rules than the desk's (pure), or null
 * when they agree. The desk's win: nothing reads a time through the runtime's copy.
 */
export function tzdataMismatch(versions: TzdataVersions): string | null {
  if (versions.runtime === null || versions.runtime === versions.tzdata) {
    return null;
  }
  return `time zones: the runtime's data is tz ${versions.runtime}, the desk's is ${versions.tzdata}; the desk reads every time with ${versions.tzdata}`;
}
