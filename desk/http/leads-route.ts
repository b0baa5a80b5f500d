import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { isRecord, parseCaptureBody } from '../ingest/capture-body.ts';
import { parseConversationBody } from '../ingest/conversation-body.ts';
import { isFeedbackBody, parseFeedbackBody, storeFeedback } from '../ingest/feedback.ts';
import { storeCapture } from '../ingest/store-capture.ts';
import { storeConversation } from '../ingest/store-conversation.ts';
import { readJsonBody } from '../web/body-json.ts';
import { limitBody } from '../web/body-limit.ts';
import { errorBody, ingestFailure } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { perMinuteLimit } from './per-minute-limit.ts';

/** The largest lead body the desk reads (docs/desk.md#ingest). */
export const LEADS_MAX_BYTES = 64 * 1024;

/**
 * `POST /leads`: the widget's deliveries (captures, and each conversation's report with `kind: "conversation"`).
 * 201 first arrival, 200 repeat, 400 bad field, 403 origin not allowed, 413, 415, 429, 503 when
 * the database cannot take it (the widget then keeps the lead and retries).
 */
export function leadsRoute(services: DeskServices): Hono {
  const { env } = services;
  const allowed = new Set(env.allowedOrigins);
  const app = new Hono();
  // Preflight and response headers for allowed origins only; any other origin gets no CORS
  // headers, so its browser refuses, and its POST is refused here too.
  app.use(
    '/leads',
    cors({
      origin: (origin) => (allowed.has(origin) ? origin : null),
      allowMethods: ['POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Accept'],
      maxAge: 600,
    }),
  );
  app.use('/leads', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin)) {
      return errorBody(
        c,
        403,
        'origin-not-allowed',
        "This page's origin may not send leads here. Add it to DESK_ALLOWED_ORIGINS.",
      );
    }
    await next();
  });
  if (env.leadsPerMinute > 0) {
    app.use(
      '/leads',
      perMinuteLimit(
        env,
        env.leadsPerMinute,
        'Too many leads from this address; try again in a minute.',
      ),
    );
  }
  app.post(
    '/leads',
    limitBody({
      maxSize: LEADS_MAX_BYTES,
      onError: (c) => errorBody(c, 413, 'body-too-large', 'A lead is at most 64 KB of JSON'),
    }),
    async (c) => {
      try {
        const body = await readJsonBody(c);
        if (isRecord(body) && body.kind === 'conversation') {
          const { conversation } = parseConversationBody(body);
          const changed = await storeConversation(
            services.database.db,
            conversation,
            services.brokerage.officeHours.timeZone,
            { platformReports: services.env.platformSecret !== null },
          );
          services.wakeOutbox();
          return c.json({ ok: true, stored: changed }, changed ? 201 : 200);
        }
        if (isFeedbackBody(body)) {
          const stored = await storeFeedback(services.database.db, parseFeedbackBody(body));
          return c.json({ ok: true, stored }, stored ? 201 : 200);
        }
        const capture = parseCaptureBody(body);
        const stored = await storeCapture(
          {
            db: services.database.db,
            brokerage: services.brokerage,
            adapters: services.adapters,
            oneSession: services.database.kind === 'embedded',
            ...(services.metrics && { onStored: services.metrics.captureStored }),
            ...(services.now && { now: services.now }),
          },
          capture,
          'widget',
        );
        // A repeat enqueues nothing, so there is nothing for the worker to look for.
        if (stored.deliverNow) {
          services.wakeOutbox('delivery');
        }
        return c.json(
          { ok: true, id: stored.captureId, duplicate: !stored.created },
          stored.created ? 201 : 200,
        );
      } catch (error) {
        return ingestFailure(c, error, services.log, 'lead not stored');
      }
    },
  );
  return app;
}
