import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Brokerage, loadBrokerage } from '../../desk/config/brokerage.ts';
import { parseCaptureBody } from '../../desk/ingest/capture-body.ts';
import { storeCapture } from '../../desk/ingest/store-capture.ts';
import type { DeskDb } from '../../desk/storage/database.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody } from '../helpers/desk-harness.ts';

// One person, one lead (issue 26), when one visitor's captures arrive at the same moment: on a
// server the capture's advisory locks order them (desk/ingest/store-capture.ts), and its read
// runs once they are held, in the same write as the locks (desk/storage/server-driver.ts).

const SLOW = 240_000;
let brokerage: Brokerage;

beforeAll(async () => {
  brokerage = await loadBrokerage('assistant.config.json');
});

describe.each([pglite(), postgres()])(
  'captures of one person at once on $name',
  (database: DatabaseUnderTest) => {
    let db: DeskDb;
    beforeAll(async () => {
      db = await database.open();
    }, SLOW);
    afterAll(() => database.close(), SLOW);

    it('make one person and one lead holding them all', { timeout: SLOW }, async () => {
      const deps = {
        db: db.db,
        brokerage,
        adapters: ['email'],
        oneSession: db.kind === 'embedded',
      };
      // Eight connections open and idle first, so the captures start together, not each behind
      // a connection's start-up.
      await Promise.all(Array.from({ length: 8 }, () => sql`select pg_sleep(0.05)`.execute(db.db)));
      const stored = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          storeCapture(
            deps,
            parseCaptureBody(
              leadBody({
                idempotencyKey: `at-once-${i}`,
                conversationId: `at-once-call-${i}`,
                toolCallId: 'tool-1',
                // The same person by phone; half of them give their email too.
                fields: {
                  name: 'Robin Okafor',
                  phone: '+1 604 555 0188',
                  ...(i % 2 === 0 && { email: 'robin@example.com' }),
                },
              }),
            ),
            'widget',
          ),
        ),
      );
      expect(stored.every((s) => s.created)).toBe(true);
      expect(new Set(stored.map((s) => s.personId)).size).toBe(1);
      expect(new Set(stored.map((s) => s.leadId)).size).toBe(1);
      const { rows } = await sql<{ people: number; leads: number; captures: number }>`
      select (select count(*)::int from people) as people,
        (select count(*)::int from leads) as leads,
        (select count(*)::int from captures) as captures`.execute(db.db);
      expect(rows).toEqual([{ people: 1, leads: 1, captures: 8 }]);
    });
  },
);
