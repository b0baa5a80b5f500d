import { displayTime } from '../time/brokerage-time.ts';
import { errorBody } from '../web/error-body.ts';
import type { DeskServices } from '../web/services.ts';
import { API } from './api-contract.ts';
import type { Serve } from './api-serve.ts';
import { nowOf } from './api-session.ts';
import { ClaimError, claimLead } from './lead-claim.ts';

/** `POST /api/leads/:id/claim` (issue 27 §2, docs/inbox.md#claim-and-escalation). */
export function claimRoutes(serve: Serve, services: DeskServices): void {
  const zone = services.brokerage.officeHours.timeZone;
  serve(API.claim, async (c, { params }) => {
    try {
      const claim = await claimLead(
        services.database.db,
        c.get('session'),
        params.id,
        nowOf(services),
      );
      return {
        leadId: claim.leadId,
        claimedBy: claim.claimedBy,
        claimedAt: claim.claimedAt.toISOString(),
        claimedAtText: displayTime(claim.claimedAt, zone),
      };
    } catch (error) {
      if (error instanceof ClaimError) {
        return errorBody(c, error.status, error.code, error.message);
      }
      throw error;
    }
  });
}
