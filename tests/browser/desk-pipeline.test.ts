import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCaptures } from '../../desk/cli/export-command.ts';
import { absoluteTime } from '../../desk/delivery/adapters/lead-text.ts';
import { LISTING } from '../../widget/demo/listing-facts.ts';
import { CLIPS, DEMO_VISITOR } from '../../widget/demo/script.ts';
import {
  bookViewingByVoice,
  DEMO_PATH,
  VISITOR_SPEECH_WAV,
  waitForEvent,
} from '../fixtures/demo/demo-page.ts';
import { withPage } from '../helpers/chromium.ts';
import { startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';
import { deskSiteFixture } from '../helpers/desk-site.ts';
import { readMime } from '../helpers/smtp-stand-in.ts';

/**
 * The whole lead pipe (docs/leads.md#the-sites-widgets-and-the-desk), as `npm start` runs it: the site built with its widgets'
 * `lead-endpoint` at a real desk (PGlite in a temporary folder, CORS allowing the site's origin),
 * the offline demo booking a viewing by voice in real Chromium, and then, at the desk, the
 * captures with their assigned agent and the conversation's transcript, and the agent's `.eml`
 * with the absolute viewing time in the brokerage's time zone and a text/calendar invite.
 */

const TIME_ZONE = 'America/Vancouver'; // assistant.config.json's officeHours.timeZone
const WAIT = { timeout: 30_000, interval: 250 };

const { site, deskPort } = deskSiteFixture(
  { media: 'granted', args: [`--use-file-for-fake-audio-capture=${VISITOR_SPEECH_WAV}`] },
  'site-pipeline',
);
let desk: TestDesk | undefined;

beforeAll(async () => {
  desk = await startTestDesk(
    { DESK_PORT: String(deskPort()), DESK_ALLOWED_ORIGINS: site.server.url },
    { pollMs: 200 },
  );
});

afterAll(async () => {
  await desk?.close();
});

/** The keys of an export line this test reads (docs/desk.md#export). */
interface ExportLine {
  kind: string;
  person: { id: string; name: string | null };
  listing: Record<string, string>;
  assignedTo: { name: string; email: string };
  consent: { version: string | null };
  viewingTimes: Array<{ said: string; start: string | null; timeZone: string }>;
  conversation: { transcript: string | null } | null;
  deliveries: Array<{ adapter: string; status: string }>;
}

function requireDesk(): TestDesk {
  if (!desk) {
    throw new Error('The desk did not start');
  }
  return desk;
}

/** `npm run desk -- export`'s lines, read from the running desk's database. */
async function exported(): Promise<ExportLine[]> {
  const lines: ExportLine[] = [];
  await exportCaptures(requireDesk().services.database.db, (line) =>
    lines.push(JSON.parse(line) as ExportLine),
  );
  return lines;
}

/** The text/plain and text/calendar parts of each `.eml` the desk wrote for its agents. */
async function mails(): Promise<Array<{ text: string; calendar: string }>> {
  const dir = join(requireDesk().dataDir, 'mail');
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((f) => f.endsWith('.eml'))
      .map(async (file) => {
        const { parts } = readMime(await readFile(join(dir, file), 'utf8'));
        const part = (type: string) =>
          parts.find((p) => p.headers['content-type']?.startsWith(type))?.body ?? '';
        return { text: part('text/plain'), calendar: part('text/calendar') };
      }),
  );
}

describe('npm start’s lead pipe: the demo books a viewing, the desk has it (real Chromium, real desk)', () => {
  it('stores the viewing request and the lead with their agent, the transcript, and emails the agent with the time and an invite', async () => {
    await withPage(site.browser, async (page) => {
      await bookViewingByVoice(page, `${site.server.url}${DEMO_PATH}`);
      await waitForEvent(page, 'call-end', {}, 30_000);
    });

    // Both captures, and the transcript the widget sent when the call ended.
    await expect
      .poll(async () => (await exported()).filter((l) => l.conversation !== null).length, WAIT)
      .toBe(2);
    const lines = await exported();
    expect(lines.map((l) => l.kind).sort()).toEqual(['lead', 'viewing-request']);
    const viewing = lines.find((l) => l.kind === 'viewing-request');
    const lead = lines.find((l) => l.kind === 'lead');
    if (!viewing || !lead) {
      throw new Error('both captures are exported');
    }
    expect(viewing.person).toMatchObject({ name: DEMO_VISITOR.name });
    expect(lead.person.id).toBe(viewing.person.id);
    expect(viewing.listing).toMatchObject({ address: LISTING.address, agentName: LISTING.agent });
    expect(viewing.assignedTo).toEqual({ name: expect.any(String), email: expect.any(String) });
    expect(viewing.consent).toMatchObject({ version: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(viewing.conversation?.transcript).toContain(CLIPS.booked.text);
    const [time] = viewing.viewingTimes;
    expect(time).toMatchObject({ timeZone: TIME_ZONE, start: expect.stringMatching(/T14:00:00/) });

    // The assigned agent's email, on disk: the absolute time with its zone, and the invite.
    const when = absoluteTime(time?.start ?? null, TIME_ZONE) ?? 'unresolved';
    await expect
      .poll(async () => (await mails()).filter((m) => m.text.includes(when)).length, WAIT)
      .toBeGreaterThan(0);
    const mail = (await mails()).find((m) => m.text.includes(when));
    // The desk's one text for the time: Vancouver keeps UTC-7 (MST) from 1 November 2026.
    expect(when).toMatch(/, 2:00 PM MST$/);
    expect(mail?.calendar).toContain('BEGIN:VCALENDAR');
    expect(mail?.calendar).toContain('METHOD:REQUEST');
    expect(viewing.deliveries.map((d) => d.adapter)).toContain('email');
  });
});
