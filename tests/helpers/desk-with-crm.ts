import type { DeskEnvInput } from '../../desk/config/desk-env.ts';
import { startTestDesk, type TestDesk } from './desk-harness.ts';
import { type FubStandIn, startFubStandIn } from './fub-stand-in.ts';

/** A test desk delivering to a Follow Up Boss stand-in. */
export interface DeskWithCrm {
  desk: TestDesk;
  crm: FubStandIn;
  /** Closes the CRM first, so its held answers end and the desk's stop does not wait them out. */
  close(): Promise<void>;
}

/** Starts a Follow Up Boss stand-in and a test desk that delivers to it. */
export async function startDeskWithCrm(env: DeskEnvInput = {}): Promise<DeskWithCrm> {
  const apiKey = 'fub-test-desk-key';
  const crm = await startFubStandIn({ apiKey });
  const desk = await startTestDesk({ FUB_API_KEY: apiKey, FUB_BASE_URL: crm.url, ...env });
  return {
    desk,
    crm,
    async close() {
      await crm.close();
      await desk.close();
    },
  };
}
