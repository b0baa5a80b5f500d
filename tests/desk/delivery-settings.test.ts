import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDeskEnv } from '../../desk/config/desk-env.ts';
import {
  leadBody,
  postJson,
  startTestDesk,
  type TestDesk,
  until,
} from '../helpers/desk-harness.ts';
import { type FubStandIn, startFubStandIn } from '../helpers/fub-stand-in.ts';

const API_KEY = 'fub-settings-key';
let crm: FubStandIn;

beforeAll(async () => {
  crm = await startFubStandIn({ apiKey: API_KEY });
});
afterAll(() => crm?.close());

describe('DESK_RETRY_BASE_MS and DESK_RETRY_MAX_MS', () => {
  let desk: TestDesk | undefined;
  afterAll(() => desk?.close());

  it('shorten the retry schedule for a drill: three 503s are behind the lead in seconds', async () => {
    crm.reset();
    crm.failNext(3, 503);
    desk = await startTestDesk({
      FUB_API_KEY: API_KEY,
      FUB_BASE_URL: crm.url,
      DESK_RETRY_BASE_MS: '200',
      DESK_RETRY_MAX_MS: '400',
    });
    const res = await postJson(
      `${desk.url}/leads`,
      leadBody({ conversationId: null, toolCallId: null }),
    );
    expect(res.status).toBe(201);
    const { db } = desk.services.database;
    // The default schedule (10 s doubling) would need at least 35 s for three retries.
    const job = await until(
      () =>
        db
          .selectFrom('deliveries')
          .selectAll()
          .where('adapter', '=', 'follow-up-boss')
          .where('status', '=', 'delivered')
          .executeTakeFirst(),
      'the delivery after three 503s',
      20_000,
    );
    expect(job.attempts).toBe(4);
    expect(crm.events).toHaveLength(4);
  });

  it('are refused when the longest wait is shorter than the first', () => {
    expect(() => parseDeskEnv({ DESK_RETRY_BASE_MS: '5000', DESK_RETRY_MAX_MS: '1000' })).toThrow(
      /DESK_RETRY_MAX_MS must be at least DESK_RETRY_BASE_MS/,
    );
    expect(() => parseDeskEnv({ DESK_RETRY_BASE_MS: 'soon' })).toThrow(/DESK_RETRY_BASE_MS/);
  });
});

describe('DESK_DELIVERY_LEASE_MS', () => {
  it('is refused at start when shorter than an adapter’s request timeout', async () => {
    await expect(
      startTestDesk({
        FUB_API_KEY: API_KEY,
        FUB_BASE_URL: crm.url,
        DESK_DELIVERY_LEASE_MS: '1000',
      }),
    ).rejects.toMatchObject({
      code: 'invalid-desk-config',
      message: expect.stringMatching(/DESK_DELIVERY_LEASE_MS.*follow-up-boss.*15000 ms/s),
    });
  });
});
