import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { IngestError } from '../ingest/ingest-error.ts';
import { readJsonBody } from '../web/body-json.ts';
import { limitBody } from '../web/body-limit.ts';
import { errorBody } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { API } from './api-contract.ts';
import { type ApiEnv, routeServer } from './api-serve.ts';
import { apiGuards, nowOf, sessionRoutes } from './api-session.ts';
import { claimRoutes } from './claim-route.ts';
import {
  addNote,
  audit,
  ChangeError,
  parseNote,
  parseUpdate,
  retryDeadDelivery,
  updateLead,
} from './lead-changes.ts';
import { leadDetail } from './lead-detail.ts';
import { mergeLeads, parseMerge } from './lead-merge.ts';
import { demoHidden, parseLeadFilters } from './lead-scope.ts';
import { leadsCsv } from './leads-csv.ts';
import { agentOptions, DEFAULT_PAGE, decodeCursor, listLeads, MAX_PAGE } from './leads-list.ts';
import { liveRoutes } from './live-route.ts';
import { computeNumbers, NUMBER_PERIODS } from './numbers.ts';
import { personRightsRoutes } from './person-rights-routes.ts';
import { routingRoutes } from './routing-routes.ts';
import { teamRoutes } from './team-routes.ts';

/** The largest body the inbox's API reads (a note is the biggest). */
const API_MAX_BYTES = 32 * 1024;

/**
 * The inbox's JSON API under `/api/`, one handler per route of the table
 * (desk/inbox/api-contract.ts): sessions, leads, notes, merges, retries, agents, numbers and the
 * CSV export, each behind {@link apiGuards} for the access the table gives it.
 */
export function inboxApi(services: DeskServices): Hono<ApiEnv> {
  const { db } = services.database;
  // Every time the API sends comes with its display text in the brokerage's zone.
  const zone = services.brokerage.officeHours.timeZone;
  const app = new Hono<ApiEnv>();
  const limit = limitBody<ApiEnv>({
    maxSize: API_MAX_BYTES,
    onError: (c) => errorBody(c, 413, 'body-too-large', 'The body is too large'),
  });
  const serve = routeServer(app, (route) => [apiGuards(services, route.access), limit]);
  app.onError((error, c) => {
    if (error instanceof ChangeError || error instanceof IngestError) {
      return errorBody(c, error.status as 400, error.code, error.message);
    }
    services.log.error({ msg: 'inbox api failed', error: error.name });
    return errorBody(c, 500, 'internal', 'Something went wrong on the desk');
  });
  sessionRoutes(serve, services);
  teamRoutes(serve, services);
  routingRoutes(serve, services);

  serve(API.leads, async (c, { query }) => {
    const filters = parseLeadFilters(query);
    if (typeof filters === 'string') {
      return errorBody(c, 400, 'bad-request', filters);
    }
    const cursorText = query.cursor;
    const cursor = cursorText ? decodeCursor(cursorText) : null;
    if (cursorText && !cursor) {
      return errorBody(c, 400, 'bad-request', 'cursor is not one this list gave');
    }
    const limitText = query.limit;
    const limit = limitText === undefined ? DEFAULT_PAGE : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      return errorBody(c, 400, 'bad-request', `limit must be 1 to ${MAX_PAGE}`);
    }
    const session = c.get('session');
    return listLeads(db, services.brokerage, session, filters, {
      cursor,
      limit,
      now: nowOf(services),
    });
  });

  serve(API.leadsCsv, async (c, { query }) => {
    const filters = parseLeadFilters(query);
    if (typeof filters === 'string') {
      return errorBody(c, 400, 'bad-request', filters);
    }
    const session = c.get('session');
    const now = nowOf(services);
    const hide = await demoHidden(db, session, filters.demo);
    await audit(db, session, 'export', {}, { filters, demoHidden: hide }, now);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="leads.csv"');
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      for await (const chunk of leadsCsv(db, session, filters, hide, now, zone)) {
        await out.write(chunk);
      }
    });
  });

  serve(API.lead, async (c, { params }) => {
    const detail = await leadDetail(db, c.get('session'), params.id, zone);
    return detail ?? errorBody(c, 404, 'not-found', 'No such lead');
  });

  serve(API.updateLead, async (c, { params }) => {
    const update = parseUpdate(await readJsonBody(c));
    if (typeof update === 'string') {
      return errorBody(c, 400, 'bad-request', update);
    }
    const session = c.get('session');
    await updateLead(db, services.brokerage, session, params.id, update, nowOf(services));
    // By the id asked for: a capture's or a merged lead's id answers with `resolvedFrom`.
    const detail = await leadDetail(db, session, params.id, zone);
    // A broker who hands a lead on still sees it; an agent who could see it still does.
    return detail ?? errorBody(c, 404, 'not-found', 'No such lead');
  });

  serve(API.addNote, async (c, { params }) => {
    const note = parseNote(await readJsonBody(c));
    if (typeof note === 'string') {
      return errorBody(c, 400, 'bad-request', note);
    }
    const session = c.get('session');
    await addNote(db, session, params.id, note, nowOf(services));
    const detail = await leadDetail(db, session, params.id, zone);
    return detail ?? errorBody(c, 404, 'not-found', 'No such lead');
  });

  serve(API.retryDelivery, async (c, { params }) => {
    const session = c.get('session');
    const leadId = await retryDeadDelivery(db, session, params.id, nowOf(services), zone);
    services.wakeOutbox();
    const detail = await leadDetail(db, session, leadId, zone);
    return detail ?? errorBody(c, 404, 'not-found', 'No such lead');
  });

  serve(API.mergeLead, async (c, { params }) => {
    const body = parseMerge(await readJsonBody(c));
    if (typeof body === 'string') {
      return errorBody(c, 400, 'bad-request', body);
    }
    const session = c.get('session');
    const leadId = await mergeLeads(db, session, params.id, body.into, nowOf(services), zone);
    const detail = await leadDetail(db, session, leadId, zone);
    return detail ?? errorBody(c, 404, 'not-found', 'No such lead');
  });

  claimRoutes(serve, services);
  personRightsRoutes(serve, services);
  liveRoutes(serve, services);

  serve(API.agents, async (c) => {
    const session = c.get('session');
    const all = await agentOptions(services.database.db, services.brokerage);
    return session.user.role === 'broker' ? all : all.filter((a) => a.email === session.user.email);
  });

  serve(API.numbers, async (c, { query }) => {
    const days = Number(query.days ?? '30');
    if (!(NUMBER_PERIODS as readonly number[]).includes(days)) {
      return errorBody(c, 400, 'bad-request', 'days must be 7, 30 or 90');
    }
    const { demo } = query;
    if (demo !== undefined && demo !== 'show' && demo !== 'hide') {
      return errorBody(c, 400, 'bad-request', 'demo must be show or hide');
    }
    const session = c.get('session');
    const hideDemo = await demoHidden(db, session, demo);
    return computeNumbers(db, {
      days: days as 7 | 30 | 90,
      now: nowOf(services),
      hideDemo,
      session,
      timeZone: zone,
    });
  });

  // Any other path under /api/ is guarded like the routes, so without a session it is 401.
  app.all('/api/*', apiGuards(services, 'signed-in'), limit, (c) =>
    errorBody(c, 404, 'not-found', 'No such route'),
  );
  return app;
}
