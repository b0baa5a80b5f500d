import type { DatabaseUnderTest } from './desk-databases.ts';
import { startTestDesk, type TestDesk } from './desk-harness.ts';
import { ACCOUNTS, type ApiSession, apiSignIn, createAccounts } from './inbox-api.ts';

/** A desk for the inbox API's tests and the team signed in to it. */
export interface InboxTestDesk {
  desk: TestDesk;
  broker: ApiSession;
  daniel: ApiSession;
  priya: ApiSession;
}

/**
 * A desk on `database` (its own fresh database on PostgreSQL) that delivers nothing and sends no
 * weekly report, so a test reads only what the inbox API says, with the team's accounts made and
 * the broker, Daniel and Priya signed in.
 */
export async function startInboxTestDesk(database: DatabaseUnderTest): Promise<InboxTestDesk> {
  const url = database.freshUrl ? await database.freshUrl() : undefined;
  const desk = await startTestDesk(url ? { DATABASE_URL: url } : {}, {
    deliver: false,
    weeklyReport: false,
  });
  await createAccounts(desk.services.database.db);
  const [broker, daniel, priya] = await Promise.all([
    apiSignIn(desk.url, ACCOUNTS.broker),
    apiSignIn(desk.url, ACCOUNTS.daniel),
    apiSignIn(desk.url, ACCOUNTS.priya),
  ]);
  return { desk, broker, daniel, priya };
}

/** Stops the desk (if it started) and then its database. */
export async function stopInboxTestDesk(
  desk: TestDesk | undefined,
  database: DatabaseUnderTest,
): Promise<void> {
  await desk?.close();
  await database.close();
}
