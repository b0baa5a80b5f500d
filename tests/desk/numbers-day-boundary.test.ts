import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail, Numbers } from '../../desk/inbox/api-contract.ts';
import { type DatabaseUnderTest, pglite, postgres } from '../helpers/desk-databases.ts';
import { leadBody, postJson, startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { ACCOUNTS, type ApiSession, api, apiSignIn, createAccounts } from '../helpers/inbox-api.ts';

// Issue 26 §1: received times and the numbers' days follow the brokerage's zone with the rules
// in force on each day, in a zone that still changes clocks. New York left daylight time at
// 2026-11-01T06:00Z (02:00 EDT became 01:00 EST).
const NEW_YORK = 'America/New_York';

// Three captures around the change, each on the local day a wrong offset would miss:
// 00:30 EDT on 1 November (Oct 31 by EST), 23:30 EST on 1 November (Nov 2 by EDT or by UTC),
// and 00:30 EST on 2 November.
const FIRST_OF_NOVEMBER_EDT = '2026-11-01T04:30:00.000Z';
const FIRST_OF_NOVEMBER_LATE_EST = '2026-11-02T04:30:00.000Z';
const SECOND_OF_NOVEMBER_EST = '2026-11-02T05:30:00.000Z';

describe.each([pglite(), postgres()])(
  "the numbers' days across a clock change on $name",
  (database: DatabaseUnderTest) => {
    let desk: TestDesk;
    let broker: ApiSession;
    let configDir: string;
    let clock = new Date(FIRST_OF_NOVEMBER_EDT);
    const captureIds: string[] = [];

    // A session lives by the desk's clock, which these tests move by days: sign in at each time.
    async function numbers(): Promise<Numbers> {
      broker = await apiSignIn(desk.url, ACCOUNTS.broker);
      const res = await api(desk.url, broker, '/api/numbers?days=7&demo=hide');
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Numbers;
    }

    beforeAll(async () => {
      configDir = await mkdtemp(join(tmpdir(), 'numbers-day-'));
      const config = JSON.parse(await readFile('assistant.config.json', 'utf8')) as {
        officeHours: { timeZone: string };
      };
      config.officeHours.timeZone = NEW_YORK;
      const configFile = join(configDir, 'assistant.config.json');
      await writeFile(configFile, JSON.stringify(config));
      const url = database.freshUrl ? await database.freshUrl() : undefined;
      desk = await startTestDesk(
        { DESK_CONFIG: configFile, ...(url && { DATABASE_URL: url }) },
        { deliver: false, weeklyReport: false, now: () => clock },
      );
      await createAccounts(desk.services.database.db);
      let n = 0;
      for (const at of [
        FIRST_OF_NOVEMBER_EDT,
        FIRST_OF_NOVEMBER_LATE_EST,
        SECOND_OF_NOVEMBER_EST,
      ]) {
        clock = new Date(at);
        n += 1;
        const res = await postJson(
          `${desk.url}/leads`,
          leadBody({
            conversationId: `day-boundary-${n}`,
            toolCallId: `tool-${n}`,
            capturedAt: at,
            fields: {
              name: `Dana Day ${n}`,
              email: `day${n}@example.com`,
              phone: `+1 212 555 01${String(n).padStart(2, '0')}`,
              intent: 'buy',
              consentToContact: true,
            },
          }),
        );
        expect(res.status, await res.clone().text()).toBe(201);
        captureIds.push(((await res.json()) as { id: string }).id);
      }
    }, 180_000);
    afterAll(async () => {
      await desk?.close();
      await database.close();
      await rm(configDir, { recursive: true, force: true });
    });

    it('writes each received time with the offset in force that day', async () => {
      broker = await apiSignIn(desk.url, ACCOUNTS.broker);
      const texts = await Promise.all(
        captureIds.map(async (id) => {
          const res = await api(desk.url, broker, `/api/leads/${id}`);
          return ((await res.json()) as LeadDetail).receivedAtText;
        }),
      );
      expect(texts).toEqual([
        'Sunday, November 1, 2026, 12:30 AM EDT',
        'Sunday, November 1, 2026, 11:30 PM EST',
        'Monday, November 2, 2026, 12:30 AM EST',
      ]);
    });

    it('starts a period at local midnight, EDT before the change and EST after it', async () => {
      // Saturday 7 November: the 7 days from Sunday 1 November 00:00 EDT hold all three.
      clock = new Date('2026-11-07T17:00:00.000Z');
      const week = await numbers();
      expect(week.from).toBe('2026-11-01T04:00:00.000Z');
      expect(week.fromText).toBe('Sunday, November 1, 2026, 12:00 AM EDT');
      expect(week.total.captures).toBe(3);
      // Sunday 8 November: from Monday 2 November 00:00 EST, only the last capture; the one at
      // 23:30 EST on 1 November (04:30 UTC on the 2nd) stays on Sunday 1 November.
      clock = new Date('2026-11-08T17:00:00.000Z');
      const next = await numbers();
      expect(next.from).toBe('2026-11-02T05:00:00.000Z');
      expect(next.fromText).toBe('Monday, November 2, 2026, 12:00 AM EST');
      expect(next.total.captures).toBe(1);
      expect(next.total.newLeads).toBe(1);
    });
  },
);
