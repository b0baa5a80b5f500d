import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWebhookAdapter } from '../../desk/delivery/adapters/webhook.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { generalLead, testContext, viewingRequest } from './fixtures/lead-records.ts';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
});
afterAll(() => receiver.close());
beforeEach(() => receiver.reset());

describe('webhook adapter', () => {
  it('posts a signed viewing.requested the receiver verifies', async () => {
    const adapter = createWebhookAdapter({ url: receiver.url, secret }, testContext);
    expect(adapter.name).toBe('webhook');
    const lead = viewingRequest();
    expect(await adapter.deliver(lead, { jobId: 'job_wh_1', attempt: 1 })).toEqual({ ok: true });
    expect(receiver.messages).toHaveLength(1);
    const message = receiver.messages[0];
    expect(message?.id).toBe('job_wh_1');
    expect(message?.contentType).toBe('application/json');
    expect(message?.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(Math.abs(Number(message?.timestamp) - Date.now() / 1000)).toBeLessThan(10);
    const { deliveries: _deliveries, ...withoutDeliveries } = lead;
    expect(message?.payload).toEqual({
      type: 'viewing.requested',
      leadId: 'lead_1',
      lead: {
        ...withoutDeliveries,
        // Each time with the text the email and the inbox show, in the brokerage's zone (MST,
        // UTC-7, in Vancouver from 1 November 2026).
        viewingTimes: [
          { ...lead.viewingTimes[0], text: 'Saturday, November 28, 2026, 2:00 PM MST' },
          { ...lead.viewingTimes[1], text: 'Sunday, November 29, 2026, 6:00 AM MST' },
          { ...lead.viewingTimes[2], text: null },
        ],
        capturedAtText: 'Tuesday, November 24, 2026, 11:05 AM MST',
        receivedAtText: 'Tuesday, November 24, 2026, 11:05 AM MST',
        consent: { ...lead.consent, acceptedAtText: 'Tuesday, November 24, 2026, 11:04 AM MST' },
      },
      inboxUrl: `https://desk.harbourpine.example/inbox/leads/${lead.id}`,
    });
    expect(message?.payload).not.toHaveProperty('lead.deliveries');
  });

  it('sends a lead with no listing as lead.captured', async () => {
    const adapter = createWebhookAdapter({ url: receiver.url, secret }, testContext);
    expect(await adapter.deliver(generalLead(), { jobId: 'job_wh_2', attempt: 1 })).toEqual({
      ok: true,
    });
    expect(receiver.messages[0]?.payload).toMatchObject({ type: 'lead.captured' });
  });

  it('keeps webhook-id across two tries of one job, with a fresh signature', async () => {
    receiver.failNext(1, 500);
    const adapter = createWebhookAdapter({ url: receiver.url, secret }, testContext);
    const first = await adapter.deliver(viewingRequest(), { jobId: 'job_wh_3', attempt: 1 });
    expect(first).toEqual({ ok: false, retry: true, reason: 'HTTP 500: forced 500' });
    const second = await adapter.deliver(viewingRequest(), { jobId: 'job_wh_3', attempt: 2 });
    expect(second).toEqual({ ok: true });
    expect(receiver.ids).toEqual(['job_wh_3', 'job_wh_3']);
    expect(receiver.messages).toHaveLength(1);
  });

  it('is refused (401, dead) when signed with another secret', async () => {
    const other = `whsec_${randomBytes(24).toString('base64')}`;
    const adapter = createWebhookAdapter({ url: receiver.url, secret: other }, testContext);
    const outcome = await adapter.deliver(viewingRequest(), { jobId: 'job_wh_4', attempt: 1 });
    expect(outcome).toMatchObject({ ok: false, retry: false });
    expect(outcome.ok ? '' : outcome.reason).toMatch(/^HTTP 401/);
    expect(outcome.ok ? '' : outcome.reason).not.toContain(other);
    expect(receiver.messages).toHaveLength(0);
  });

  it('retries after 429 and is dead after 400', async () => {
    const adapter = createWebhookAdapter({ url: receiver.url, secret }, testContext);
    receiver.failNext(1, 429);
    expect(await adapter.deliver(generalLead(), { jobId: 'job_wh_5', attempt: 1 })).toMatchObject({
      ok: false,
      retry: true,
    });
    receiver.failNext(1, 400);
    expect(await adapter.deliver(generalLead(), { jobId: 'job_wh_6', attempt: 1 })).toEqual({
      ok: false,
      retry: false,
      reason: 'HTTP 400: forced 400',
    });
  });

  it('retries when the receiver is unreachable', async () => {
    const gone = await startWebhookReceiver(secret);
    const url = gone.url;
    await gone.close();
    const adapter = createWebhookAdapter({ url, secret }, testContext);
    expect(await adapter.deliver(generalLead(), { jobId: 'job_wh_7', attempt: 1 })).toEqual({
      ok: false,
      retry: true,
      reason: 'network error: ECONNREFUSED',
    });
  });

  it('keeps personal data echoed by a receiver out of the reason', async () => {
    const echo = createWebhookAdapter({ url: receiver.url, secret }, testContext, async () => {
      return new Response('bad lead Sam Rivera <sam.rivera@example.com> +1 604 555 0142', {
        status: 422,
      });
    });
    const outcome = await echo.deliver(viewingRequest(), { jobId: 'job_wh_8', attempt: 1 });
    expect(outcome).toEqual({
      ok: false,
      retry: false,
      reason: 'HTTP 422: bad lead [redacted] <[redacted]> [redacted]',
    });
  });
});
