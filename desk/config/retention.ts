// How long the desk keeps personal data: `retention` in assistant.config.json. It imports
// nothing, so the site's privacy page (site/content/privacy.ts) reads the same values and the
// same defaults as the daily sweep, and the two cannot disagree (issue 28 §4).

/** `retention` in assistant.config.json, every field filled in. */
export interface Retention {
  /** Days a conversation's transcript and recording URL are kept after it ended. */
  transcriptDays: number;
  /** Days a lead is kept after its last activity, with its captures, conversations and deliveries. */
  leadDays: number;
  /** Days the desk's technical records (failed sign-ins) and its log files are kept. */
  logDays: number;
}

/** What applies when the file leaves a field out. */
export const RETENTION_DEFAULTS: Readonly<Retention> = {
  transcriptDays: 90,
  leadDays: 30,
  logDays: 30,
};

const FIELDS = Object.keys(RETENTION_DEFAULTS) as (keyof Retention)[];
/** Ten years: a longer period is a typo, not a policy. */
const MAX_DAYS = 3650;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `retention` (pure): the values with their defaults, and a problem for each bad field
 * (a whole number of days from 1 to 3650) or unknown one.
 */
export function readRetention(value: unknown): { retention: Retention; problems: string[] } {
  const retention = { ...RETENTION_DEFAULTS };
  const problems: string[] = [];
  if (value === undefined) {
    return { retention, problems };
  }
  if (!isRecord(value)) {
    problems.push('retention must be an object like { "transcriptDays": 90, "leadDays": 30 }');
    return { retention, problems };
  }
  for (const [key, days] of Object.entries(value)) {
    if (!(FIELDS as string[]).includes(key)) {
      problems.push(`retention.${key} is not a setting (${FIELDS.join(', ')})`);
    } else if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_DAYS) {
      problems.push(`retention.${key} must be a whole number of days from 1 to ${MAX_DAYS}`);
    } else {
      retention[key as keyof Retention] = days;
    }
  }
  return { retention, problems };
}
