import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_CLAIM_MINUTES, writeClaimConfig } from './claim-config.ts';
import type { DatabaseUnderTest } from './desk-databases.ts';
import { startTestDesk, type TestDesk } from './desk-harness.ts';
import { createAccounts } from './inbox-api.ts';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in.ts';

/** A desk that escalates in seconds, its texts caught by a Twilio stand-in. */
export interface ClaimDesk {
  desk: TestDesk;
  twilio: TwilioStandIn;
  close(): Promise<void>;
}

/**
 * Starts a desk on `database` with a 3-second claim window, an office open around the clock,
 * fast retries and the test accounts; `close` stops it all and drops the database.
 */
export async function startClaimDesk(database: DatabaseUnderTest): Promise<ClaimDesk> {
  const twilio = await startTwilioStandIn();
  const configDir = await mkdtemp(join(tmpdir(), 'claim-config-'));
  const url = database.freshUrl ? await database.freshUrl() : undefined;
  const desk = await startTestDesk(
    {
      ...twilio.env(),
      DESK_CONFIG: await writeClaimConfig(configDir, { claimMinutes: TEST_CLAIM_MINUTES }),
      DESK_RETRY_BASE_MS: '50',
      DESK_RETRY_MAX_MS: '200',
      ...(url && { DATABASE_URL: url }),
    },
    { pollMs: 100, weeklyReport: false },
  );
  await createAccounts(desk.services.database.db);
  return {
    desk,
    twilio,
    async close() {
      await desk.close();
      await twilio.close();
      await rm(configDir, { recursive: true, force: true });
      await database.close();
    },
  };
}
