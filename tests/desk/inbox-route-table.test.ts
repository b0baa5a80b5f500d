import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../desk/inbox/api-contract.ts';
import { inboxApi } from '../../desk/inbox/api-routes.ts';
import { type ApiEnv, routeServer } from '../../desk/inbox/api-serve.ts';
import type { ApiRoute } from '../../desk/inbox/route-table.ts';
import { startTestDesk, type TestDesk } from '../helpers/desk-harness.ts';

/**
 * Every route of the inbox's table (desk/inbox/api-contract.ts) has a handler. A table entry
 * nobody `serve()`s still compiles, and the API's catch-all answers it 404 (api-routes.ts), so
 * this reads the routes Hono holds for the inbox's real API and names each entry without one.
 */
function unserved(app: Hono<ApiEnv>, table: Readonly<Record<string, ApiRoute>>): string[] {
  const served = new Set(app.routes.map((route) => `${route.method} ${route.path}`));
  return Object.entries(table)
    .filter(([, route]) => !served.has(`${route.method} ${route.path}`))
    .map(([name, route]) => `${name}: ${route.method} ${route.path}`);
}

let desk: TestDesk;

beforeAll(async () => {
  desk = await startTestDesk({}, { deliver: false, weeklyReport: false, retention: false });
}, 120_000);

afterAll(async () => {
  await desk?.close();
});

describe("the inbox's route table", () => {
  it('has a handler for every route', () => {
    expect(Object.keys(API).length).toBeGreaterThan(20);
    expect(unserved(inboxApi(desk.services), API)).toEqual([]);
  });

  it('names a route that no handler serves', () => {
    const app = new Hono<ApiEnv>();
    const serve = routeServer(app, () => []);
    serve(API.lead, async () => new Response(null, { status: 204 }));
    expect(unserved(app, { lead: API.lead, leads: API.leads })).toEqual([
      `leads: ${API.leads.method} ${API.leads.path}`,
    ]);
  });
});
