import { describe, expect, it } from 'vitest';
import { PENDING_STORAGE_KEY } from '../../widget/leads/constants.ts';
import { PENDING_LEADS_KEY } from '../../widget/loader/pending-leads.ts';

describe('the pending-leads key', () => {
  it('is the same in the loader (which checks it) and in the delivery queue (which writes it)', () => {
    expect(PENDING_LEADS_KEY).toBe(PENDING_STORAGE_KEY);
  });
});
