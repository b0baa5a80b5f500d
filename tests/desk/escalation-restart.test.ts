import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskDb } from '../../desk/storage/database.ts';
import { TEAM_PHONES, TEST_CLAIM_MINUTES, writeClaimConfig } from '../helpers/claim-config.ts';
import { postgres } from '../helpers/desk-databases.ts';
import { startTestDesk, type TestDesk, until } from '../helpers/desk-harness.ts';
import { postNewLead } from '../helpers/new-lead.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../helpers/twilio-stand-in.ts';

const CLAIM_MINUTES = TEST_CLAIM_MINUTES;
const PRIYA = TEAM_PHONES.priya;

let twilio: TwilioStandIn;
let configDir: string;
let config: string;

beforeAll(async () => {
  twilio = await startTwilioStandIn();
  configDir = await mkdtemp(join(tmpdir(), 'escalation-config-'));
  config = await writeClaimConfig(configDir, { claimMinutes: CLAIM_MINUTES });
});
afterAll(async () => {
  await twilio.close();
  await rm(configDir, { recursive: true, force: true });
});

async function escalations(database: DeskDb, captureId: string) {
  return database.db
    .selectFrom('lead_events as e')
    .innerJoin('captures as c', 'c.lead_id', 'e.lead_id')
    .select(['e.detail'])
    .where('c.id', '=', captureId)
    .where('e.kind', '=', 'escalated')
    .execute();
}

describe('escalation timers', () => {
  it('fire at start when they fell due while the desk was down', async () => {
    const env = { ...twilio.env(), DESK_CONFIG: config };
    const first = await startTestDesk(env, { deliver: false, weeklyReport: false });
    const captureId = await postNewLead(first.url);
    await first.stop();
    // Down past the claim window.
    await new Promise((r) => setTimeout(r, CLAIM_MINUTES * 60_000 + 500));
    const started = Date.now();
    const second = await startTestDesk(
      { ...env, DESK_DATA_DIR: first.dataDir },
      { weeklyReport: false, pollMs: 100 },
    );
    try {
      const rows = await until(async () => {
        const found = await escalations(second.services.database, captureId);
        return found.length > 0 && found;
      }, 'the escalation after the restart');
      expect(rows[0]?.detail).toMatchObject({ step: 1, toName: 'Priya Sandhu' });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await second.close();
      await rm(first.dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  const pg = postgres();
  afterAll(() => pg.close());

  it('two desks on one PostgreSQL move each lead once per step', async () => {
    const url = await pg.freshUrl?.();
    const env = { ...twilio.env(), DESK_CONFIG: config, ...(url && { DATABASE_URL: url }) };
    // Both at once on a new database: they migrate it once between them.
    const desks = await Promise.all([
      startTestDesk(env, { weeklyReport: false, pollMs: 50 }),
      startTestDesk(env, { weeklyReport: false, pollMs: 50 }),
    ]);
    try {
      const [a, b] = desks as [TestDesk, TestDesk];
      const sent = Date.now();
      const ids = await Promise.all(
        Array.from({ length: 6 }, (_, i) => postNewLead((i % 2 === 0 ? a : b).url)),
      );
      await until(
        async () => {
          const all = await Promise.all(ids.map((id) => escalations(a.services.database, id)));
          return all.every((rows) => rows.length === 2);
        },
        'two steps for every lead',
        30_000,
      );
      // A little longer: a second desk's double step would show now.
      await new Promise((r) => setTimeout(r, 1000));
      for (const id of ids) {
        const rows = await escalations(a.services.database, id);
        expect(rows.map((r) => r.detail.step)).toEqual([1, 2]);
      }
      expect(twilio.texts.filter((t) => t.at >= sent && t.to === PRIYA)).toHaveLength(ids.length);
    } finally {
      await Promise.all(desks.map((d) => d.close()));
    }
  }, 120_000);
});
