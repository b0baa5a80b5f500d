import { type Expression, type RawBuilder, sql } from 'kysely';
import type { ListingContext } from '../../widget/leads/page/listing-context.ts';

/**
 * A lead's search vector as its capture builds it (migration 0016): in the statement that writes
 * the lead anyway, where a trigger after the capture's insert read the lead's rows again and
 * wrote the lead a second time. A new lead's words are put together here, from the values being
 * inserted, exactly as `lead_search_vector_adding` puts them together from the stored rows
 * (tests/desk/lead-search-built.test.ts holds the two to one vector): in SQL, the same words
 * cost a capture more than the trigger saved.
 */

/** The capture's transaction sets this, so the insert trigger leaves the vector to it. */
export const CAPTURE_BUILDS_SEARCH = sql<string>`set_config('inbox.capture_search', 'built', true)`;

/** What a capture adds to its lead's words: its values, as its row stores them. */
export interface CaptureSearch {
  listing: ListingContext;
  /** The fields as stored (a jsonb object): only its text values are words. */
  fields: Readonly<Record<string, unknown>>;
  conversationId: string | null;
  /** The conversation has its row already (its report came first): its words are the lead's. */
  conversationStored: boolean;
}

/** A person's columns as they stand once the capture has written them. */
export interface PersonWords {
  name: string | null;
  phone: string | null;
  email: string | null;
  phoneKey: string | null;
}

/** SQL's `concat_ws(' ', …)`: nulls are skipped, empty texts are not. */
function concatWords(parts: readonly (string | null | undefined)[]): string {
  return parts.filter((part): part is string => part !== null && part !== undefined).join(' ');
}

/** jsonb's key order: shorter first, then by their UTF-8 bytes. */
function jsonbKeyOrder(a: string, b: string): number {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length - right.length || Buffer.compare(left, right);
}

/** A person's words: name, phone digits, email, the phone's key and its last ten digits. */
export function personWords(person: PersonWords): string {
  return concatWords([
    person.name,
    person.phone?.replace(/[^0-9]+/g, ' '),
    person.email,
    person.phoneKey,
    person.phoneKey?.slice(-10),
  ]);
}

/** A capture's words: its listing, and every text field the visitor left (notes, a message…). */
export function captureWords(capture: Pick<CaptureSearch, 'listing' | 'fields'>): string {
  const texts = Object.keys(capture.fields)
    .sort(jsonbKeyOrder)
    .map((key) => capture.fields[key])
    .filter((value): value is string => typeof value === 'string');
  const { address, id, agentName } = capture.listing;
  return concatWords([address, id, agentName, texts.length > 0 ? texts.join(' ') : null]);
}

/**
 * A new lead's vector: its one person, its one capture, the conversation's words if its report
 * came first, and no notes yet. The person's row goes in the same statement, so their words
 * come from the values, not the table.
 */
export function newLeadSearch(person: PersonWords, capture: CaptureSearch): RawBuilder<string> {
  const conversation =
    capture.conversationStored && capture.conversationId !== null
      ? sql`lead_search_conversation_words(${capture.conversationId}::text)`
      : sql`null`;
  return sql<string>`lead_search_join(${personWords(person)}::text, ${captureWords(capture)}::text,
    ${conversation}, null)`;
}

/**
 * A known lead's vector once the capture joins it, for the update that touches the lead: its
 * words from its rows with the capture's person, words and conversation added. A lead found
 * merged meanwhile keeps its vector (its survivor is touched next, and gets the words).
 */
export function joinedLeadSearch(personId: string, capture: CaptureSearch): Expression<string> {
  return sql<string>`case when merged_into is null
    then lead_search_vector_adding(id, ${personId}::uuid, ${captureWords(capture)}::text,
      ${capture.conversationId}::text)
    else search end`;
}
