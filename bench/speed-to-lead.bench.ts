import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { parseDeskEnv } from '../desk/config/desk-env.ts';
import { type RunningDesk, startDesk } from '../desk/start-desk.ts';
import { writeClaimConfig } from '../tests/helpers/claim-config.ts';
import { TEST_ORIGIN } from '../tests/helpers/desk-harness.ts';
import { ACCOUNTS, apiSignIn, createAccounts } from '../tests/helpers/inbox-api.ts';
import { type LiveStream, names, openLive } from '../tests/helpers/live-stream.ts';
import { postNewLead } from '../tests/helpers/new-lead.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../tests/helpers/twilio-stand-in.ts';
import type { BenchReport } from './bench-types.ts';

// Speed to lead (issue 27, "Done when"), on the embedded database over loopback, with a Twilio
// stand-in: capture → the agent's text request p95 ≤ 5 s; with 1,000 leads' claim timers falling
// due together, each escalates within 10 s of its due time; a new lead reaches 200 open inboxes
// (Server-Sent Events) within 2 s.
const SMS_P95_MS = 5000;
const ESCALATION_LAG_MS = 10_000;
const FANOUT_MS = 2000;
const SMS_LEADS = 40;
const PENDING = Number(process.env.SPEED_BENCH_PENDING ?? 1000);
const INBOXES = 200;
const FANOUT_RUNS = 10;
// Long enough that every lead is stored before the first timer falls due.
const CLAIM_MINUTES = 1.5;

function percentile(ms: number[], p: number): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(dataDir: string, twilio: TwilioStandIn, config: string): Promise<RunningDesk> {
  return startDesk(
    parseDeskEnv({
      DESK_PORT: '0',
      DESK_DATA_DIR: dataDir,
      DESK_LEADS_PER_MINUTE: '0',
      DESK_ALLOWED_ORIGINS: TEST_ORIGIN,
      DESK_CONFIG: config,
      ...twilio.env(),
    }),
    { log: pino({ level: 'silent' }), weeklyReport: false },
  );
}

/** Capture → Twilio request, one lead at a time. */
async function smsLatency(desk: RunningDesk, twilio: TwilioStandIn): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < SMS_LEADS; i++) {
    const before = twilio.texts.length;
    const started = Date.now();
    await postNewLead(desk.url);
    for (;;) {
      const text = twilio.texts.slice(before).find((t) => t.to === '+1 604 555 0101');
      if (text) {
        times.push(text.at - started);
        break;
      }
      if (Date.now() - started > 30_000) {
        throw new Error('no text within 30 s');
      }
      await sleep(5);
    }
  }
  return times;
}

/** 1,000 leads whose timers fall due within seconds of each other: each one's lag. */
async function escalationLag(desk: RunningDesk): Promise<number[]> {
  const { db } = desk.services.database;
  const ids: string[] = [];
  for (let i = 0; i < PENDING; i += 20) {
    ids.push(...(await Promise.all(Array.from({ length: 20 }, () => postNewLead(desk.url)))));
  }
  const window = CLAIM_MINUTES * 60_000;
  const deadline = Date.now() + window + 120_000;
  for (;;) {
    const done = await db
      .selectFrom('lead_events as e')
      .innerJoin('captures as c', 'c.lead_id', 'e.lead_id')
      .where('c.id', 'in', ids)
      .where('e.kind', '=', 'escalated')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(done.n) >= ids.length || Date.now() > deadline) {
      break;
    }
    await sleep(500);
  }
  const rows = await db
    .selectFrom('lead_events as e')
    .innerJoin('leads as l', 'l.id', 'e.lead_id')
    .innerJoin('captures as c', 'c.lead_id', 'l.id')
    .where('c.id', 'in', ids)
    .where('e.kind', '=', 'escalated')
    .select(['l.created_at', 'e.at'])
    .execute();
  if (rows.length < ids.length) {
    throw new Error(`only ${rows.length} of ${ids.length} leads escalated`);
  }
  return rows.map((r) => r.at.getTime() - (r.created_at.getTime() + window));
}

/** A new lead until every one of 200 open inboxes heard of it. */
async function fanOut(desk: RunningDesk): Promise<number[]> {
  await createAccounts(desk.services.database.db).catch(() => undefined);
  const session = await apiSignIn(desk.url, ACCOUNTS.broker);
  const streams: LiveStream[] = [];
  for (let i = 0; i < INBOXES; i += 20) {
    streams.push(
      ...(await Promise.all(Array.from({ length: 20 }, () => openLive(desk.url, session)))),
    );
  }
  const times: number[] = [];
  try {
    for (let run = 0; run < FANOUT_RUNS; run++) {
      const started = Date.now();
      const captureId = await postNewLead(desk.url);
      const row = await desk.services.database.db
        .selectFrom('captures')
        .select('lead_id')
        .where('id', '=', captureId)
        .executeTakeFirstOrThrow();
      const heard = await Promise.all(streams.map((s) => s.next(names(row.lead_id), 10_000)));
      times.push(Math.max(...heard.map((m) => m.at)) - started);
    }
  } finally {
    for (const stream of streams) {
      stream.close();
    }
  }
  return times;
}

export default async function speedToLead(): Promise<BenchReport> {
  const twilio = await startTwilioStandIn();
  const dataDir = await mkdtemp(join(tmpdir(), 'speed-bench-'));
  const config = await writeClaimConfig(dataDir, { claimMinutes: CLAIM_MINUTES });
  const desk = await start(join(dataDir, 'desk'), twilio, config);
  try {
    const sms = await smsLatency(desk, twilio);
    const fan = await fanOut(desk);
    const lag = await escalationLag(desk);
    const rows = [
      {
        measure: `capture → SMS request (${SMS_LEADS} leads)`,
        p50: Math.round(percentile(sms, 0.5)),
        p95: Math.round(percentile(sms, 0.95)),
        max: Math.round(Math.max(...sms)),
        budget: `p95 ≤ ${SMS_P95_MS}`,
      },
      {
        measure: `escalation after due (${PENDING} due together)`,
        p50: Math.round(percentile(lag, 0.5)),
        p95: Math.round(percentile(lag, 0.95)),
        max: Math.round(Math.max(...lag)),
        budget: `max ≤ ${ESCALATION_LAG_MS}`,
      },
      {
        measure: `new lead → all ${INBOXES} live inboxes (${FANOUT_RUNS} runs)`,
        p50: Math.round(percentile(fan, 0.5)),
        p95: Math.round(percentile(fan, 0.95)),
        max: Math.round(Math.max(...fan)),
        budget: `max ≤ ${FANOUT_MS}`,
      },
    ];
    const failures = [
      percentile(sms, 0.95) > SMS_P95_MS &&
        `capture → SMS p95 ${Math.round(percentile(sms, 0.95))} ms > ${SMS_P95_MS} ms`,
      Math.max(...lag) > ESCALATION_LAG_MS &&
        `an escalation fired ${Math.round(Math.max(...lag))} ms after due > ${ESCALATION_LAG_MS} ms`,
      Math.max(...fan) > FANOUT_MS &&
        `fan-out to ${INBOXES} inboxes took ${Math.round(Math.max(...fan))} ms > ${FANOUT_MS} ms`,
    ].filter((f): f is string => typeof f === 'string');
    return {
      title: 'Speed to lead: texts, escalation timers, live inbox (ms, PGlite, loopback)',
      rows,
      failures,
      notes: ['Twilio is a loopback stand-in; the office is open around the clock in this config.'],
    };
  } finally {
    await desk.stop();
    await twilio.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
