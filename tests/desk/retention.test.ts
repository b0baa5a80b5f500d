import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionCommand } from '../../desk/cli/retention-command.ts';
import { type Brokerage, loadBrokerage } from '../../desk/config/brokerage.ts';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import { readRetention } from '../../desk/config/retention.ts';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { storeCapture } from '../../desk/ingest/store-capture.ts';
import { sweepExpired } from '../../desk/privacy/retention-sweep.ts';
import type { DeskDb } from '../../desk/storage/database.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody } from '../helpers/desk-harness.ts';

const NOW = new Date('2026-11-27T11:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
const RETENTION = { transcriptDays: 90, leadDays: 30, logDays: 30 };
/** What the data below holds past RETENTION at NOW. */
const EXPIRED = { transcripts: 1, leads: 2, captures: 2, conversations: 1, loginFailures: 1 };

let brokerage: Brokerage;
beforeAll(async () => {
  brokerage = await loadBrokerage('assistant.config.json');
});

/** A capture of `email` stored `days` ago, in `conversation` (ended then) when given. */
async function captureAt(db: DeskDb, email: string, days: number, conversation: string | null) {
  const at = daysAgo(days);
  if (conversation !== null) {
    await db.db
      .insertInto('conversations')
      .values({
        id: conversation,
        source: 'platform',
        transcript: `${email} said: call me`,
        messages: JSON.stringify([{ role: 'user', text: 'call me' }]),
        summary: 'wants a call',
        recording_url: `https://recordings.example/${conversation}.wav`,
        ended_at: at,
        created_at: at,
      })
      .execute();
  }
  return storeCapture(
    { db: db.db, brokerage, adapters: ['email'], now: () => at },
    parseCaptureBody(
      leadBody({
        conversationId: conversation,
        toolCallId: conversation === null ? null : 't1',
        capturedAt: at.toISOString(),
        fields: { name: 'Visitor', email, intent: 'buy', consentToContact: true },
      }),
    ),
    'widget',
  );
}

async function count(
  db: DeskDb,
  table: 'leads' | 'captures' | 'people' | 'jobs' | 'login_failures',
) {
  const row = await db.db
    .selectFrom(table)
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each([pglite(), postgres()])(
  'the retention sweep on $name',
  (database: DatabaseUnderTest) => {
    let db: DeskDb;

    beforeAll(async () => {
      db = await database.open();
      // Two leads quiet for 40 and 35 days; one that came back 2 days ago after a call 95 days ago.
      await captureAt(db, 'gone-1@example.com', 40, 'call-gone-1');
      await captureAt(db, 'gone-2@example.com', 35, null);
      await captureAt(db, 'back@example.com', 95, 'call-back-old');
      await captureAt(db, 'back@example.com', 2, null);
      await db.db
        .insertInto('login_failures')
        .values([
          { email: 'x@example.com', ip: '203.0.113.1', at: daysAgo(40) },
          { email: 'y@example.com', ip: '203.0.113.2', at: daysAgo(1) },
        ])
        .execute();
    }, 120_000);
    afterAll(() => database.close());

    it('says what would go on a dry run, and deletes nothing', async () => {
      const counts = await sweepExpired(db.db, RETENTION, { now: NOW, dryRun: true, batch: 1 });
      expect(counts).toEqual(EXPIRED);
      expect(await count(db, 'leads')).toBe(3);
      expect(await count(db, 'login_failures')).toBe(2);
    });

    it('deletes expired leads whole, clears old transcripts, and audits counts only', async () => {
      const counts = await sweepExpired(db.db, RETENTION, { now: NOW, batch: 1 });
      expect(counts).toEqual(EXPIRED);
      expect(await count(db, 'leads')).toBe(1);
      expect(await count(db, 'people')).toBe(1);
      expect(await count(db, 'captures')).toBe(2);
      // The jobs of the deleted captures and leads went with them: the kept lead's two email
      // alerts and its claim timer stay.
      expect(await count(db, 'jobs')).toBe(3);
      expect(await count(db, 'login_failures')).toBe(1);
      const kept = await db.db
        .selectFrom('conversations')
        .select(['id', 'transcript', 'messages', 'recording_url', 'summary'])
        .execute();
      // The returning visitor's old call stays, with its summary, but without its words.
      expect(kept).toEqual([
        {
          id: 'call-back-old',
          transcript: null,
          messages: [],
          recording_url: null,
          summary: 'wants a call',
        },
      ]);
      const audit = await db.db
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('action', '=', 'retention')
        .execute();
      expect(audit).toEqual([{ action: 'retention', detail: counts }]);
    });

    it('finds nothing the second time, and writes no audit row for nothing', async () => {
      const counts = await sweepExpired(db.db, RETENTION, { now: NOW });
      expect(Object.values(counts).every((n) => n === 0)).toBe(true);
      const audits = await db.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'retention')
        .execute();
      expect(audits).toHaveLength(1);
    });

    it('prints the dry run through npm run desk -- retention --dry-run', async () => {
      const out: string[] = [];
      const code = await retentionCommand.run({
        env: parseDeskEnv({}),
        args: ['--dry-run'],
        out: (line) => out.push(line),
        err: (line) => out.push(line),
        database: db,
      });
      expect(code).toBe(0);
      expect(out.at(-1)).toBe('Nothing was deleted: this was a dry run.');
      expect(out[1]).toMatch(/^Leads past retention\.leadDays: 0 would be deleted/);
    });
  },
);

describe('retention in assistant.config.json', () => {
  it('fills in the defaults and names a bad field', () => {
    expect(readRetention(undefined).retention).toEqual(RETENTION);
    expect(readRetention({ leadDays: 14 }).retention).toEqual({ ...RETENTION, leadDays: 14 });
    expect(readRetention({ leadDays: 0, keepForever: true }).problems).toEqual([
      'retention.leadDays must be a whole number of days from 1 to 3650',
      'retention.keepForever is not a setting (transcriptDays, leadDays, logDays)',
    ]);
  });
});
