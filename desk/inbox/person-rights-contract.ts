/**
 * A person's rights in the inbox's table (issue 28 §4, docs/inbox.md#a-persons-data), kept in
 * their own block: desk/inbox/api-contract.ts spreads them into API. Both are a broker's only
 * (403 `forbidden` for an agent), audited, and run the same code as `npm run desk -- person
 * export|delete` (desk/privacy/), for the person of lead `:id`.
 */
import type { PersonDeletion } from '../privacy/person-delete.ts';
import { json, shape } from './route-table.ts';

/** The word a broker types to confirm `Delete person`; the API asks for it too. */
export const DELETE_CONFIRMATION = 'DELETE';

export const PERSON_API = {
  /**
   * Everything stored about the lead's person, as `person export` prints it, as a download
   * (`Content-Disposition: attachment`). 404 for an unknown lead.
   */
  exportPerson: {
    method: 'GET',
    path: '/api/leads/:id/person',
    access: 'signed-in',
    answer: json<PersonExport>(),
  },
  /**
   * Erases the lead's person as `person delete --yes` does: their leads, captures, the
   * conversations only they took part in, notes and timeline; pending deliveries are cancelled
   * and `person.deleted` goes to the webhook. 400 `bad-request` unless `confirm` is
   * {@link DELETE_CONFIRMATION}; 404 for an unknown lead.
   */
  deletePerson: {
    method: 'DELETE',
    path: '/api/leads/:id/person',
    access: 'signed-in',
    body: shape<DeletePersonBody>(),
    answer: json<PersonDeletionCounts>(),
  },
} as const;

/**
 * The export's JSON: `exportedAt`, then `people`, `leads`, `captures` (each whole, with its
 * conversation and deliveries), `conversations`, `feedback`, `notes`, `statusChanges` and
 * `timeline` (docs/desk.md#privacy).
 */
export interface PersonExport {
  exportedAt: string;
  [list: string]: unknown;
}

export interface DeletePersonBody {
  confirm: string;
}

/** What went: counts only, as the audit log holds them (the CLI's `person delete` says the same). */
export type PersonDeletionCounts = PersonDeletion;
