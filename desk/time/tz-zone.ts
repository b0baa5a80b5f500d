import { Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';
import moment from 'moment-timezone';

/**
 * The IANA time-zone database the desk reads every time with: the one `moment-timezone` ships
 * (pinned in package.json), never the runtime's ICU copy, which is as old as the Node release
 * (Node 20 carries tz 2025c, before British Columbia's move to permanent UTC−7).
 */
export const TZDATA_VERSION: string = moment.tz.dataVersion;

/** A zone name the pinned database does not hold. */
export class UnknownTimeZoneError extends RangeError {
  override readonly name = 'UnknownTimeZoneError';
  readonly code = 'unknown-time-zone';
  constructor(readonly timeZone: string) {
    super(`Unknown IANA time zone: "${timeZone}"`);
  }
}

type TzdbRules = NonNullable<ReturnType<typeof moment.tz.zone>>;

// "+5", "+05:00" or "+0500", as luxon's own zones write an offset of `minutes`.
function offsetText(minutes: number, format: ZoneOffsetFormat): string {
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.trunc(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  const hh = String(hours).padStart(2, '0');
  const mm = String(rest).padStart(2, '0');
  if (format === 'narrow') {
    return rest === 0 ? `${sign}${hours}` : `${sign}${hours}:${mm}`;
  }
  return format === 'techie' ? `${sign}${hh}${mm}` : `${sign}${hh}:${mm}`;
}

/**
 * A luxon zone whose offsets and abbreviations come from the pinned database, so luxon's
 * calendar arithmetic (start of a day or week, "plus one day") follows current rules.
 */
export class TzdbZone extends Zone<true> {
  constructor(private readonly rules: TzdbRules) {
    super();
  }

  override get type(): string {
    return 'tzdb';
  }

  override get name(): string {
    return this.rules.name;
  }

  /** True for a zone that never changed offset (UTC, Etc/GMT+5): luxon then writes UTC as Z. */
  override get isUniversal(): boolean {
    return new Set(this.rules.offsets).size === 1;
  }

  /** The abbreviation in force ("MST", "EDT"); the database's, whatever `options` ask. */
  override offsetName(ts: number, _options: ZoneOffsetOptions): string {
    return this.rules.abbr(ts);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return offsetText(this.offset(ts), format);
  }

  /** Minutes east of UTC (moment-timezone counts them west). */
  override offset(ts: number): number {
    return -this.rules.utcOffset(ts);
  }

  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }

  override get isValid(): true {
    return true;
  }
}

const zones = new Map<string, TzdbZone>();

/** Whether the pinned database holds `timeZone` (exactly as IANA spells it, links included). */
export function isKnownZone(timeZone: string): boolean {
  return moment.tz.zone(timeZone)?.name === timeZone;
}

/**
 * The zone called `timeZone` in the pinned database, made once per name.
 *
 * @throws UnknownTimeZoneError when the database does not hold it.
 */
export function zoneNamed(timeZone: string): TzdbZone {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    const rules = moment.tz.zone(timeZone);
    // moment-timezone finds names in any case; the config's name must be the real one.
    if (rules === null || rules.name !== timeZone) {
      throw new UnknownTimeZoneError(timeZone);
    }
    zone = new TzdbZone(rules);
    zones.set(timeZone, zone);
  }
  return zone;
}
