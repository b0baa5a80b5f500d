import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { stream } from 'hono/streaming';
import { IngestError } from '../ingest/ingest-error.ts';
import { readJsonBody } from '../web/body-json.ts';
import { errorBody } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { type ApiEnv, apiGuards, nowOf, sessionRoutes } from './api-session.ts';
import {
  addNote,
  audit,
  ChangeError,
  MAX_NOTE_CHARS,
  parseUpdate,
  retryDeadDelivery,
  updateLead,
} from './lead-changes.ts';
import { leadDetail } from './lead-detail.ts';
import { demoHidden, parseLeadFilters } from './lead-scope.ts';
import { leadsCsv } from './leads-csv.ts';
import { agentOptions, DEFAULT_PAGE, decodeCursor, listLeads, MAX_PAGE } from './leads-list.ts';
import { computeNumbers, NUMBER_PERIODS } from './numbers.ts';

/** The largest body the inbox's API reads (a note is the biggest). */
const API_MAX_BYTES = 32 * 1024;

/**
 * The inbox's JSON API under `/api/` (desk/inbox/api-contract.ts): sessions, leads, notes,
 * retries, agents, numbers and the CSV export, each behind {@link apiGuards}.
 */
export function inboxApi(services: DeskServices): Hono<ApiEnv> {
  const { db } = services.database;
  const app = new Hono<ApiEnv>();
  app.use('/api/*', apiGuards(services));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: API_MAX_BYTES,
      onError: (c) => errorBody(c, 413, 'body-too-large', 'The body is too large'),
    }),
  );
  app.onError((error, c) => {
    if (error instanceof ChangeError || error instanceof IngestError) {
      return errorBody(c, error.status as 400, error.code, error.message);
    }
    services.log.error({ msg: 'inbox api failed', error: error.name });
    return errorBody(c, 500, 'internal', 'Something went wrong on the desk');
  });
  sessionRoutes(app, services);

  app.get('/api/leads', async (c) => {
    const filters = parseLeadFilters(c.req.query());
    if (typeof filters === 'string') {
      return errorBody(c, 400, 'bad-request', filters);
    }
    const cursorText = c.req.query('cursor');
    const cursor = cursorText ? decodeCursor(cursorText) : null;
    if (cursorText && !cursor) {
      return errorBody(c, 400, 'bad-request', 'cursor is not one this list gave');
    }
    const limitText = c.req.query('limit');
    const limit = limitText === undefined ? DEFAULT_PAGE : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
      return errorBody(c, 400, 'bad-request', `limit must be 1 to ${MAX_PAGE}`);
    }
    const session = c.get('session');
    return c.json(
      await listLeads(db, services.brokerage, session, filters, {
        cursor,
        limit,
        now: nowOf(services),
      }),
    );
  });

  app.get('/api/leads.csv', async (c) => {
    const filters = parseLeadFilters(c.req.query());
    if (typeof filters === 'string') {
      return errorBody(c, 400, 'bad-request', filters);
    }
    const session = c.get('session');
    const now = nowOf(services);
    const hide = await demoHidden(db, session, filters.demo);
    await audit(db, session, 'export', null, { filters, demoHidden: hide }, now);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', 'attachment; filename="leads.csv"');
    c.header('cache-control', 'no-store');
    return stream(c, async (out) => {
      for await (const chunk of leadsCsv(db, session, filters, hide, now)) {
        await out.write(chunk);
      }
    });
  });

  app.get('/api/leads/:id', async (c) => {
    const detail = await leadDetail(db, c.get('session'), c.req.param('id'));
    return detail ? c.json(detail) : errorBody(c, 404, 'not-found', 'No such lead');
  });

  app.patch('/api/leads/:id', async (c) => {
    const update = parseUpdate(await readJsonBody(c));
    if (typeof update === 'string') {
      return errorBody(c, 400, 'bad-request', update);
    }
    const session = c.get('session');
    const id = c.req.param('id');
    await updateLead(db, services.brokerage, session, id, update, nowOf(services));
    const detail = await leadDetail(db, session, id);
    // A broker who hands a lead on still sees it; an agent who could see it still does.
    return detail ? c.json(detail) : errorBody(c, 404, 'not-found', 'No such lead');
  });

  app.post('/api/leads/:id/notes', async (c) => {
    const body = await readJsonBody(c);
    const text =
      typeof body === 'object' && body !== null && 'text' in body && typeof body.text === 'string'
        ? body.text.trim()
        : '';
    if (text === '' || text.length > MAX_NOTE_CHARS) {
      return errorBody(
        c,
        400,
        'bad-request',
        `A note is 1 to ${MAX_NOTE_CHARS} characters of text`,
      );
    }
    const session = c.get('session');
    const id = c.req.param('id');
    await addNote(db, session, id, text, nowOf(services));
    const detail = await leadDetail(db, session, id);
    return detail ? c.json(detail) : errorBody(c, 404, 'not-found', 'No such lead');
  });

  app.post('/api/deliveries/:id/retry', async (c) => {
    const session = c.get('session');
    const captureId = await retryDeadDelivery(db, session, c.req.param('id'), nowOf(services));
    services.wakeOutbox();
    const detail = await leadDetail(db, session, captureId);
    return detail ? c.json(detail) : errorBody(c, 404, 'not-found', 'No such lead');
  });

  app.get('/api/agents', (c) => {
    const session = c.get('session');
    const all = agentOptions(services.brokerage);
    return c.json(
      session.user.role === 'broker' ? all : all.filter((a) => a.email === session.user.email),
    );
  });

  app.get('/api/numbers', async (c) => {
    const days = Number(c.req.query('days') ?? '30');
    if (!(NUMBER_PERIODS as readonly number[]).includes(days)) {
      return errorBody(c, 400, 'bad-request', 'days must be 7, 30 or 90');
    }
    const demo = c.req.query('demo');
    if (demo !== undefined && demo !== 'show' && demo !== 'hide') {
      return errorBody(c, 400, 'bad-request', 'demo must be show or hide');
    }
    const session = c.get('session');
    const hideDemo = await demoHidden(db, session, demo);
    return c.json(
      await computeNumbers(db, {
        days: days as 7 | 30 | 90,
        now: nowOf(services),
        hideDemo,
        session,
      }),
    );
  });

  app.all('/api/*', (c) => errorBody(c, 404, 'not-found', 'No such route'));
  return app;
}
