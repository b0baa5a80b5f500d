import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes the repository's assistant.config.json into `dir` with a short claim window and an
 * office open around the clock, so a test sees escalation in seconds at any hour; resolves the
 * file's path (for `DESK_CONFIG`).
 */
export async function writeClaimConfig(
  dir: string,
  claim: { claimMinutes: number; maxSteps?: number; alwaysOpen?: boolean },
): Promise<string> {
  const config = JSON.parse(await readFile('assistant.config.json', 'utf8')) as Record<
    string,
    unknown
  >;
  config.claimMinutes = claim.claimMinutes;
  config.escalation = { maxSteps: claim.maxSteps ?? 2 };
  if (claim.alwaysOpen !== false) {
    config.officeHours = {
      timeZone: 'America/Vancouver',
      hours: [{ days: 'Monday to Sunday', open: '00:00', close: '23:59' }],
    };
  }
  const file = join(dir, 'assistant.config.json');
  await writeFile(file, JSON.stringify(config, null, 2));
  return file;
}

/** A claim window of 3 seconds, for tests that watch escalation happen. */
export const TEST_CLAIM_MINUTES = 0.05;

/** The phones of assistant.config.json's team, where their texts go. */
export const TEAM_PHONES = {
  maya: '+1 604 555 0100',
  daniel: '+1 604 555 0101',
  priya: '+1 604 555 0102',
} as const;
