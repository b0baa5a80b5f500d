import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { rebuildNumbers } from '../leads/numbers-rebuild.ts';
import type { DeskDatabase } from '../storage/schema.ts';

/** How many leads and transcripts to add, and to whom they are assigned. */
export interface SeedPlan {
  leads: number;
  /** Every n-th lead has a conversation with a transcript (default: one lead in five). */
  transcripts: number;
  agents: readonly { name: string; email: string }[];
  now: Date;
  /** The brokerage's zone: the numbers' rollups are rebuilt in its days after the leads. */
  timeZone: string;
  /** The team's `claimMinutes`: the rollups judge claims within it. */
  claimMinutes: number;
  /** Told after each batch, with the leads added so far. */
  progress?: (done: number) => void;
}

const BATCH = 10_000;
const FIRST = [
  'Sam',
  'Alex',
  'Jordan',
  'Taylor',
  'Morgan',
  'Riley',
  'Casey',
  'Jamie',
  'Avery',
  'Quinn',
  'Rowan',
  'Harper',
  'Emerson',
  'Finley',
  'Reese',
  'Dakota',
  'Skyler',
  'Parker',
  'Hayden',
  'Sage',
];
const LAST = [
  'Rivera',
  'Nguyen',
  'Patel',
  'Smith',
  'Garcia',
  'Kim',
  'Okafor',
  'Chen',
  'Singh',
  'Brown',
  'Wilson',
  'Martin',
  'Lee',
  'Walker',
  'Young',
  'Hall',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Hill',
];
const STREETS = [
  'Linden Court',
  'Birch Lane',
  'Cedar Road',
  'Maple Drive',
  'Oak Street',
  'Elm Avenue',
  'Willow Way',
  'Spruce Crescent',
];
const WORDS = [
  'garden',
  'pergola',
  'garage',
  'basement',
  'school',
  'commute',
  'mortgage',
  'deck',
  'kitchen',
  'fireplace',
  'skylight',
  'parking',
  'strata',
  'view',
  'renovated',
  'quiet',
  'transit',
  'daycare',
  'pool',
  'studio',
];

function textArray(values: readonly string[]) {
  return sql`array[${sql.join(values.map((v) => sql`${v}`))}]::text[]`;
}

/**
 * Adds `plan.leads` synthetic leads (people, captures, and every `plan.transcripts`-th one a
 * conversation with a transcript, and as many conversations again without a capture) for
 * benchmarks (`npm run desk -- seed`), newest `now`, spread
 * over 90 days, in transactions of 10,000. The search vectors are built per batch by the same
 * function the triggers use (desk/storage/migrations/0008-lead-search.sql), after the rows.
 */
export async function seedLeads(db: Kysely<DeskDatabase>, plan: SeedPlan): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  const agentNames = textArray(plan.agents.map((a) => a.name));
  const agentEmails = textArray(plan.agents.map((a) => a.email));
  const agentCount = plan.agents.length;
  const spreadMs = (90 * 24 * 60 * 60 * 1000) / Math.max(plan.leads, 1);
  const every = Math.max(1, plan.transcripts);
  for (let from = 1; from <= plan.leads; from += BATCH) {
    const to = Math.min(plan.leads, from + BATCH - 1);
    await db.transaction().execute(async (trx) => {
      await sql`select set_config('inbox.bulk_search', 'on', true)`.execute(trx);
      await sql`insert into people (id, name, phone, email, phone_key, email_key)
        select md5(${tag} || 'p' || g)::uuid,
          (${textArray(FIRST)})[1 + g % 20] || ' ' || (${textArray(LAST)})[1 + (g / 20) % 25],
          '+1 604 555 ' || lpad((g % 10000)::text, 4, '0'),
          'lead' || g || '.' || ${tag} || '@example.com',
          '1604555' || lpad((g % 10000)::text, 4, '0'),
          'lead' || g || '.' || ${tag} || '@example.com'
        from generate_series(${from}::int, ${to}::int) g`.execute(trx);
      await sql`insert into conversations (id, source, channel, transcript, summary, page_url,
          started_at, duration_seconds, ended_reason)
        select 'seed-' || ${tag} || '-' || g, 'widget', case when g % 2 = 0 then 'call' else 'chat' end,
          'Assistant: Hi, how can I help? User: I would like to know about the '
            || (${textArray(WORDS)})[1 + g % 20] || ' and the ' || (${textArray(WORDS)})[1 + (g / 7) % 20]
            || '. Assistant: Of course, I will pass that on.',
          'Asked about the listing.', 'https://maple-ridge.example/listings/' || (g % 8),
          ${plan.now}::timestamptz - (g * ${spreadMs}::float8) * interval '1 millisecond',
          60 + g % 300, 'customer-ended-call'
        from generate_series(${from}::int, ${to}::int) g where g % ${every} = 0`.execute(trx);
      // One person, one lead: the lead's id is its person's. Leads past New were claimed
      // within 15 minutes by their agent, when the agent has an account: time to claim has
      // figures to show.
      await sql`insert into leads (id, person_id, status, assigned_name, assigned_email,
          assignment_reason, created_at, last_activity_at, claimed_by, claimed_at)
        select md5(${tag} || 'p' || g)::uuid, md5(${tag} || 'p' || g)::uuid,
          (array['New','New','Contacted','Viewing booked','Closed','Lost'])[1 + g % 6],
          (${agentNames})[1 + g % ${agentCount}], (${agentEmails})[1 + g % ${agentCount}], 'seed',
          t.at, t.at, u.id, case when u.id is not null then t.at + (g % 900) * interval '1 second' end
        from generate_series(${from}::int, ${to}::int) g
        left join users u on g % 6 > 1
          and lower(u.email) = lower((${agentEmails})[1 + g % ${agentCount}]),
          lateral (select ${plan.now}::timestamptz
            - (g * ${spreadMs}::float8) * interval '1 millisecond' as at) t`.execute(trx);
      await sql`insert into captures (id, idempotency_key, kind, source, conversation_id,
          person_id, lead_id, captured_at, received_at, listing, fields, assigned_name, assigned_email,
          assignment_reason, status, page_url)
        select md5(${tag} || 'c' || g)::uuid, 'seed-' || ${tag} || '-' || g,
          case when g % 3 = 0 then 'viewing-request' else 'lead' end, 'widget',
          case when g % ${every} = 0 then 'seed-' || ${tag} || '-' || g end,
          md5(${tag} || 'p' || g)::uuid, md5(${tag} || 'p' || g)::uuid, t.at, t.at,
          jsonb_build_object('address', (10 + g % 40) || ' ' || (${textArray(STREETS)})[1 + g % 8],
            'id', 'MRR-' || (10 + g % 40)),
          '{}'::jsonb,
          (${agentNames})[1 + g % ${agentCount}], (${agentEmails})[1 + g % ${agentCount}], 'seed',
          (array['New','New','Contacted','Viewing booked','Closed','Lost'])[1 + g % 6],
          'https://maple-ridge.example/listings/' || (g % 8)
        from generate_series(${from}::int, ${to}::int) g,
          lateral (select ${plan.now}::timestamptz
            - (g * ${spreadMs}::float8) * interval '1 millisecond' as at) t`.execute(trx);
      await sql`update leads l set search = lead_search_vector(l.id)
        where l.id in (select c.lead_id from captures c
          where c.idempotency_key like ${`seed-${tag}-%`})`.execute(trx);
      await sql`insert into lead_events (lead_id, at, kind, capture_id, conversation_id, detail)
        select c.lead_id, c.received_at, 'received', c.id, c.conversation_id,
          jsonb_build_object('captureKind', c.kind, 'assignedName', c.assigned_name,
            'assignedEmail', c.assigned_email, 'reason', c.assignment_reason)
        from captures c where c.idempotency_key like ${`seed-${tag}-%`}`.execute(trx);
      // Leads past New were answered within two hours: speed to lead has figures to show.
      await sql`insert into lead_events (lead_id, at, kind, detail)
        select c.lead_id, c.received_at + ((c.g % 7200) * interval '1 second'), 'status',
          jsonb_build_object('from', 'New', 'to', c.status)
        from (select lead_id, received_at, status, substring(idempotency_key from '[0-9]+$')::int as g
          from captures where idempotency_key like ${`seed-${tag}-%`} and status <> 'New') c`.execute(
        trx,
      );
      // As many conversations again end without a capture, reported without a transcript.
      await sql`insert into conversations (id, source, channel, page_url, started_at,
          duration_seconds, ended_reason)
        select 'seed-' || ${tag} || '-none-' || g, 'widget',
          case when g % 3 = 0 then 'call' else 'chat' end,
          'https://maple-ridge.example/listings/' || (g % 8),
          ${plan.now}::timestamptz - ((g + 0.5) * ${spreadMs}::float8) * interval '1 millisecond',
          30 + g % 200, 'customer-ended-call'
        from generate_series(${from}::int, ${to}::int) g`.execute(trx);
    });
    plan.progress?.(to);
  }
  await db.transaction().execute((trx) => rebuildNumbers(trx, plan.timeZone, plan.claimMinutes));
}
