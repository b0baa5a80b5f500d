import type { Kysely } from 'kysely';
import { emailKey, phoneKey } from '../ingest/person-keys.ts';
import type { DeskDatabase } from '../storage/schema.ts';

/** How a privacy request names the person: their email, their phone, or both. */
export interface PersonQuery {
  email?: string;
  phone?: string;
}

/**
 * Everything the desk holds about one person (docs/desk.md#privacy): the people rows their email
 * or phone match, their leads (with any lead merged into them, the same person by the broker's
 * word), the captures of those leads, and the conversations no one else took part in.
 */
export interface PersonScope {
  peopleIds: string[];
  leadIds: string[];
  captureIds: string[];
  /** Conversations only this person's captures name (another's stay, with their captures). */
  conversationIds: string[];
}

/** A privacy request that names no one: neither an email nor a phone that could match. */
export class PersonQueryError extends Error {
  override readonly name = 'PersonQueryError';
  readonly code = 'bad-person-query';
}

/** The person's match keys, as ingest stores them; throws {@link PersonQueryError} for none. */
export function personKeys(query: PersonQuery): { email: string | null; phone: string | null } {
  const email = emailKey(query.email);
  const phone = phoneKey(query.phone);
  if (email === null && phone === null) {
    throw new PersonQueryError('Name the person with --email E or --phone P');
  }
  return { email, phone };
}

/** Finds the person's scope; every list is empty when nobody matches. */
export async function findPersonScope(
  db: Kysely<DeskDatabase>,
  query: PersonQuery,
): Promise<PersonScope> {
  const keys = personKeys(query);
  const matched = await db
    .selectFrom('people')
    .select('id')
    .where((eb) =>
      eb.or([
        ...(keys.email === null ? [] : [eb('email_key', '=', keys.email)]),
        ...(keys.phone === null ? [] : [eb('phone_key', '=', keys.phone)]),
      ]),
    )
    .execute();
  const people = matched.map((p) => p.id);
  if (people.length === 0) {
    return { peopleIds: [], leadIds: [], captureIds: [], conversationIds: [] };
  }
  const leads = await db
    .selectFrom('leads')
    .select('id')
    .where('person_id', 'in', people)
    .execute();
  const scope = await scopeOfLeads(
    db,
    leads.map((l) => l.id),
  );
  return { ...scope, peopleIds: [...new Set([...people, ...scope.peopleIds])] };
}

/**
 * The scope of some leads: the leads merged into them and the ones they were merged into (a
 * merge says two leads are one person), until no more are found, as merges chain; their people,
 * captures, and the conversations no one else's capture names.
 */
export async function scopeOfLeads(
  db: Kysely<DeskDatabase>,
  startIds: readonly string[],
): Promise<PersonScope> {
  const people = new Set<string>();
  const leads = new Set<string>();
  let frontier =
    startIds.length === 0
      ? []
      : await db
          .selectFrom('leads')
          .select(['id', 'person_id', 'merged_into'])
          .where('id', 'in', startIds)
          .execute();
  while (frontier.length > 0) {
    for (const lead of frontier) {
      leads.add(lead.id);
      people.add(lead.person_id);
    }
    const ids = frontier.map((l) => l.id);
    const targets = frontier.map((l) => l.merged_into).filter((id): id is string => id !== null);
    const linked = await db
      .selectFrom('leads')
      .select(['id', 'person_id', 'merged_into'])
      .where((eb) =>
        eb.or([
          eb('merged_into', 'in', ids),
          ...(targets.length === 0 ? [] : [eb('id', 'in', targets)]),
        ]),
      )
      .execute();
    frontier = linked.filter((l) => !leads.has(l.id));
  }
  if (leads.size === 0) {
    return { peopleIds: [], leadIds: [], captureIds: [], conversationIds: [] };
  }
  const leadIds = [...leads];
  const captures = await db
    .selectFrom('captures')
    .select(['id', 'conversation_id'])
    .where((eb) => eb.or([eb('person_id', 'in', [...people]), eb('lead_id', 'in', leadIds)]))
    .execute();
  const captureIds = captures.map((c) => c.id);
  const named = [
    ...new Set(captures.map((c) => c.conversation_id).filter((id): id is string => id !== null)),
  ];
  const shared =
    named.length === 0
      ? []
      : await db
          .selectFrom('captures')
          .select('conversation_id')
          .distinct()
          .where('conversation_id', 'in', named)
          .where('id', 'not in', captureIds)
          .execute();
  const others = new Set(shared.map((s) => s.conversation_id));
  return {
    peopleIds: [...people],
    leadIds,
    captureIds,
    conversationIds: named.filter((id) => !others.has(id)),
  };
}
