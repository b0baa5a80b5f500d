/**
 * How long a new lead waits for its agent's claim, and how far it escalates (issue 27 §2,
 * docs/inbox.md#claim-and-escalation): `claimMinutes` and `escalation.maxSteps` in `assistant.config.json`
 * until the team moves to the database. Pure.
 */
export interface ClaimSettings {
  /** Office minutes a lead may stay unclaimed before it goes to the next agent (default 5). */
  claimMinutes: number;
  /** Steps to other agents before the broker gets it (default 2). */
  maxSteps: number;
}

export const DEFAULT_CLAIM_SETTINGS: ClaimSettings = { claimMinutes: 5, maxSteps: 2 };

/** The most a setting may say: a day of office minutes, ten agents tried. */
const MAX_CLAIM_MINUTES = 24 * 60;
const MAX_STEPS = 10;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `claimMinutes` (a number above 0, fractions allowed: a drill or a test waits seconds)
 * and `escalation.maxSteps` (a whole number from 0) from the config's top level; each absent one
 * takes its default. Bad values are pushed to `problems` by their JSON path.
 */
export function parseClaimSettings(
  raw: Record<string, unknown>,
  problems: string[],
): ClaimSettings {
  const settings = { ...DEFAULT_CLAIM_SETTINGS };
  const minutes = raw.claimMinutes;
  if (minutes !== undefined) {
    if (typeof minutes !== 'number' || !(minutes > 0) || minutes > MAX_CLAIM_MINUTES) {
      problems.push(
        `claimMinutes must be a number of minutes above 0, at most ${MAX_CLAIM_MINUTES}`,
      );
    } else {
      settings.claimMinutes = minutes;
    }
  }
  const escalation = raw.escalation;
  if (escalation !== undefined) {
    const steps = isRecord(escalation) ? escalation.maxSteps : null;
    if (steps === undefined) {
      return settings;
    }
    if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 0 || steps > MAX_STEPS) {
      problems.push(`escalation.maxSteps must be a whole number from 0 to ${MAX_STEPS}`);
    } else {
      settings.maxSteps = steps;
    }
  }
  return settings;
}
