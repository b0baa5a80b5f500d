import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { deletePerson, eventAdapters } from '../privacy/person-delete.ts';
import { exportPersonAudited } from '../privacy/person-export.ts';
import { type PersonQuery, PersonQueryError } from '../privacy/person-scope.ts';
import type { DeskDatabase } from '../storage/schema.ts';
import { readJsonBody } from '../web/body-json.ts';
import { errorBody } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { API } from './api-contract.ts';
import type { ApiEnv, Serve } from './api-serve.ts';
import { nowOf } from './api-session.ts';
import { resolveLead } from './lead-detail.ts';
import { DELETE_CONFIRMATION } from './person-rights-contract.ts';

/**
 * The person a lead page shows, as a privacy request names them: their email and phone, so the
 * inbox finds exactly what `person export|delete --email E --phone P` finds. Null for an
 * unknown lead.
 */
async function personOfLead(
  db: Kysely<DeskDatabase>,
  id: string,
): Promise<{ leadId: string; query: PersonQuery } | null> {
  const resolved = await resolveLead(db, id);
  if (!resolved) {
    return null;
  }
  const person = await db
    .selectFrom('leads')
    .innerJoin('people', 'people.id', 'leads.person_id')
    .select(['people.email', 'people.phone'])
    .where('leads.id', '=', resolved.leadId)
    .executeTakeFirst();
  if (!person) {
    return null;
  }
  return {
    leadId: resolved.leadId,
    query: {
      ...(person.email !== null && { email: person.email }),
      ...(person.phone !== null && { phone: person.phone }),
    },
  };
}

function notBroker(c: Context<ApiEnv>): Response | null {
  return c.get('session').user.role === 'broker'
    ? null
    : errorBody(c, 403, 'forbidden', "Only a broker exports or deletes a person's data");
}

/** A lead whose person has no email and no phone cannot be found the CLI's way. */
function refused(c: Context<ApiEnv>, error: unknown): Response {
  if (error instanceof PersonQueryError) {
    return errorBody(c, 400, 'bad-request', 'This lead has no email or phone to find them by');
  }
  throw error;
}

/**
 * `Export data` and `Delete person` on the lead's page (docs/inbox.md#a-persons-data): a
 * broker's, audited, through the same privacy code as the CLI's `person` command.
 */
export function personRightsRoutes(serve: Serve, services: DeskServices): void {
  const { db } = services.database;

  serve(API.exportPerson, async (c, { params }) => {
    const forbidden = notBroker(c);
    if (forbidden) {
      return forbidden;
    }
    const found = await personOfLead(db, params.id);
    const { user } = c.get('session');
    const data =
      found &&
      (await exportPersonAudited(db, found.query, {
        via: 'inbox',
        by: { id: user.id, email: user.email },
        now: nowOf(services),
      }).catch((error: unknown) => refused(c, error)));
    if (data instanceof Response) {
      return data;
    }
    if (!found || data === null) {
      return errorBody(c, 404, 'not-found', 'No such lead');
    }
    return c.body(`${JSON.stringify(data, null, 2)}\n`, 200, {
      'content-type': 'application/json; charset=utf-8',
      // The lead's id, not the person's name: the file name holds no personal data.
      'content-disposition': `attachment; filename="person-${found.leadId}.json"`,
      'cache-control': 'no-store',
    });
  });

  serve(API.deletePerson, async (c, { params }) => {
    const forbidden = notBroker(c);
    if (forbidden) {
      return forbidden;
    }
    const body = await readJsonBody(c);
    const confirm =
      typeof body === 'object' && body !== null && 'confirm' in body ? body.confirm : undefined;
    if (confirm !== DELETE_CONFIRMATION) {
      return errorBody(
        c,
        400,
        'bad-request',
        `Confirm with { "confirm": "${DELETE_CONFIRMATION}" }`,
      );
    }
    const found = await personOfLead(db, params.id);
    const { user } = c.get('session');
    const deletion =
      found &&
      (await deletePerson(db, found.query, {
        eventAdapters: eventAdapters(services.env),
        by: { id: user.id, email: user.email },
        via: 'inbox',
        now: nowOf(services),
      }).catch((error: unknown) => refused(c, error)));
    if (deletion instanceof Response) {
      return deletion;
    }
    if (!found || deletion === null) {
      return errorBody(c, 404, 'not-found', 'No such lead');
    }
    // person.deleted is queued: send it now, not at the worker's next poll.
    services.wakeOutbox();
    return deletion;
  });
}
