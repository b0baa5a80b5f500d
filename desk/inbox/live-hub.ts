import { type Kysely, sql } from 'kysely';
import type { Role } from '../auth/role.ts';
import type { Listen, Unlisten } from '../storage/notifications.ts';
import type { DeskDatabase } from '../storage/schema.ts';

/** The channel migration 0013's triggers notify with a changed lead's id. */
export const LEAD_CHANNEL = 'lead_changed';

/** One open inbox: who is looking, and how to tell them. */
export interface LiveClient {
  viewer: { email: string; role: Role };
  /** The changed leads this viewer may see (never empty). */
  send(ids: readonly string[]): void;
  /** The desk is stopping: end the stream. */
  end(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The live inbox's fan-out (issue 27 §1, docs/inbox.md#live): hears every desk's lead changes
 * through the database's NOTIFY, gathers those of `flushMs`, reads once whose they are, and
 * tells each open inbox the ids it may see: a broker every lead, an agent those assigned to them
 * now or until the latest reassignment (so a lead escalated away leaves their list at once).
 */
export class LiveHub {
  readonly #db: Kysely<DeskDatabase>;
  readonly #flushMs: number;
  readonly #clients = new Set<LiveClient>();
  readonly #pending = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  #unlisten: Unlisten | null = null;

  constructor(db: Kysely<DeskDatabase>, flushMs = 50) {
    this.#db = db;
    this.#flushMs = flushMs;
  }

  /** Starts hearing the database's lead changes. */
  async start(listen: Listen): Promise<void> {
    this.#unlisten = await listen(LEAD_CHANNEL, (id) => this.changed(id));
  }

  /** How many inboxes are open (for the metrics and the tests). */
  get size(): number {
    return this.#clients.size;
  }

  /** Adds an open inbox; the returned function removes it. */
  subscribe(client: LiveClient): () => void {
    this.#clients.add(client);
    return () => {
      this.#clients.delete(client);
    };
  }

  /** A lead changed (its id, as the trigger sent it). */
  changed(leadId: string): void {
    if (!UUID.test(leadId)) {
      return;
    }
    this.#pending.add(leadId);
    if (this.#timer === null) {
      this.#timer = setTimeout(() => {
        this.#timer = null;
        this.#flush().catch(() => undefined);
      }, this.#flushMs);
      this.#timer.unref?.();
    }
  }

  async #flush(): Promise<void> {
    const ids = [...this.#pending];
    this.#pending.clear();
    if (ids.length === 0 || this.#clients.size === 0) {
      return;
    }
    const owners = await whoseLeads(this.#db, ids);
    for (const client of this.#clients) {
      const email = client.viewer.email.toLowerCase();
      const visible =
        client.viewer.role === 'broker'
          ? ids
          : ids.filter((id) => owners.get(id)?.includes(email) ?? false);
      if (visible.length > 0) {
        client.send(visible);
      }
    }
  }

  /** Stops hearing changes and ends every open stream. */
  async close(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    await this.#unlisten?.();
    this.#unlisten = null;
    for (const client of this.#clients) {
      client.end();
    }
    this.#clients.clear();
  }
}

/**
 * Each lead's agents, lower-case: its assignee, its captures' (the inbox still shows captures),
 * and who had it before its latest reassignment or escalation.
 */
async function whoseLeads(
  db: Kysely<DeskDatabase>,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const result = await sql<{ id: string; emails: string[] | null }>`
    select l.id, array(
      select distinct lower(x) from unnest(
        array[l.assigned_email, e.previous]
        || array(select c.assigned_email from captures c where c.lead_id = l.id)
      ) as x where x is not null
    ) as emails
    from leads l
    left join lateral (
      select coalesce(detail ->> 'fromEmail', detail ->> 'from') as previous from lead_events
      where lead_id = l.id and kind in ('escalated', 'assigned') order by id desc limit 1
    ) as e on true
    where l.id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(db);
  return new Map(result.rows.map((row) => [row.id, row.emails ?? []]));
}
