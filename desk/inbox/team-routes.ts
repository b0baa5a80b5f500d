import type { Context } from 'hono';
import { type LinkEmailState, lastLinkEmails, queueLinkEmail } from '../auth/link-email.ts';
import { requestPasswordReset } from '../auth/password-reset.ts';
import type { SessionUser } from '../auth/sessions.ts';
import {
  PasswordRuleError,
  setPasswordWithToken,
  TokenError,
  type TokenPurpose,
} from '../auth/user-tokens.ts';
import { isRecord } from '../ingest/capture-body.ts';
import { findMember, listTeam, pausedOn, type TeamMember } from '../routing/team.ts';
import { inZone } from '../time/brokerage-time.ts';
import { readJsonBody } from '../web/body-json.ts';
import { errorBody } from '../web/error-body.ts';
import { publicOrigin, resetLinkOrigin } from '../web/request-source.ts';
import type { DeskServices } from '../web/services.ts';
import { API, type TeamMemberInfo } from './api-contract.ts';
import type { ApiEnv, Serve } from './api-serve.ts';
import { nowOf } from './api-session.ts';
import {
  type Actor,
  addMember,
  auditTeam,
  deactivateMember,
  parseMemberUpdate,
  parseNewMember,
  TeamError,
  updateMember,
} from './team-changes.ts';
import { leadsToReassign } from './team-reassign.ts';

/** "Forgot password?"'s one answer, whether or not the email has an account. */
export const RESET_ANSWER =
  'If that email belongs to an account, a link to reset its password is on its way. It works once, for 24 hours.';

function actorOf(session: SessionUser): Actor {
  return { id: session.user.id, email: session.user.email };
}

function infoOf(
  member: TeamMember,
  today: string,
  reassign: number,
  linkEmail: LinkEmailState | null,
): TeamMemberInfo {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    phone: member.phone,
    role: member.role,
    active: member.active,
    onDuty: member.onDuty,
    pausedFrom: member.pausedFrom,
    pausedTo: member.pausedTo,
    pausedNow: pausedOn(member, today),
    hasPassword: member.hasPassword,
    emailOnly: member.phone === null,
    leadsToReassign: reassign,
    linkEmail,
  };
}

/** The error classes of the team's rules as their JSON answers; anything else goes on up. */
function refused(c: Context<ApiEnv>, error: unknown): Response {
  if (error instanceof TeamError) {
    return errorBody(c, error.status, error.code, error.message);
  }
  if (error instanceof TokenError || error instanceof PasswordRuleError) {
    return errorBody(c, 400, error.code, error.message);
  }
  throw error;
}

/**
 * The team's routes (docs/inbox.md#team-inboxteam): the broker's list and changes under `/api/team`, the
 * invite and reset links, "Forgot password?" and setting a password from a link.
 */
export function teamRoutes(serve: Serve, services: DeskServices): void {
  const { db } = services.database;
  const zone = services.brokerage.officeHours.timeZone;
  const today = () => inZone(nowOf(services), zone).toISODate() ?? '';
  const brokerOnly = (c: Context<ApiEnv>) =>
    c.get('session').user.role === 'broker'
      ? null
      : errorBody(c, 403, 'forbidden', 'Only a broker manages the team');
  const shown = async (member: TeamMember) => {
    const [reassign, mails] = await Promise.all([leadsToReassign(db), lastLinkEmails(db)]);
    return infoOf(member, today(), reassign.get(member.email) ?? 0, mails.get(member.id) ?? null);
  };

  /** Queues a link's email for a member (the queue's lane sends it); the member as shown after. */
  async function sendLink(c: Context<ApiEnv>, id: string, purpose: TokenPurpose) {
    const member = await findMember(db, id);
    if (!member?.active) {
      return errorBody(c, 404, 'not-found', 'No such active member of the team');
    }
    const now = nowOf(services);
    const origin = publicOrigin(c, services.env);
    const action = purpose === 'invite' ? 'team-invite' : 'team-reset-link';
    await db.transaction().execute(async (trx) => {
      await queueLinkEmail(trx, { userId: member.id, purpose, origin }, now);
      await auditTeam(trx, actorOf(c.get('session')), action, { userId: member.id }, now);
    });
    services.wakeOutbox('link-email');
    return shown(member);
  }

  serve(API.team, async (c) => {
    const denied = brokerOnly(c);
    if (denied) {
      return denied;
    }
    const [members, reassign, mails] = await Promise.all([
      listTeam(db),
      leadsToReassign(db),
      lastLinkEmails(db),
    ]);
    const day = today();
    return {
      members: members.map((m) =>
        infoOf(m, day, reassign.get(m.email) ?? 0, mails.get(m.id) ?? null),
      ),
      today: day,
    };
  });

  serve(API.addMember, async (c) => {
    const denied = brokerOnly(c);
    if (denied) {
      return denied;
    }
    try {
      const member = parseNewMember(await readJsonBody(c));
      const added = await addMember(db, actorOf(c.get('session')), member, nowOf(services));
      c.status(201);
      return shown(added);
    } catch (error) {
      return refused(c, error);
    }
  });

  serve(API.updateMember, async (c, { params }) => {
    const denied = brokerOnly(c);
    if (denied) {
      return denied;
    }
    try {
      const update = parseMemberUpdate(await readJsonBody(c));
      const actor = actorOf(c.get('session'));
      return shown(await updateMember(db, actor, params.id, update, nowOf(services)));
    } catch (error) {
      return refused(c, error);
    }
  });

  serve(
    API.inviteMember,
    async (c, { params }) => brokerOnly(c) ?? sendLink(c, params.id, 'invite'),
  );
  serve(API.sendReset, async (c, { params }) => brokerOnly(c) ?? sendLink(c, params.id, 'reset'));

  serve(API.deactivateMember, async (c, { params }) => {
    const denied = brokerOnly(c);
    if (denied) {
      return denied;
    }
    try {
      const actor = actorOf(c.get('session'));
      const { member } = await deactivateMember(db, actor, params.id, nowOf(services));
      return shown(member);
    } catch (error) {
      return refused(c, error);
    }
  });

  serve(API.forgotPassword, async (c) => {
    const body = await readJsonBody(c);
    const email = isRecord(body) && typeof body.email === 'string' ? body.email.trim() : '';
    if (email === '' || email.length > 320) {
      return errorBody(c, 400, 'bad-request', 'Give an email');
    }
    const now = nowOf(services);
    // Anyone may ask, with any Host header: a link built from it would take the victim's token to
    // the asker's site. So the link's origin is DESK_PUBLIC_URL's, or the request's own only on
    // this machine (loopback); otherwise no email goes, and the log says what to set.
    const origin = resetLinkOrigin(c, services.env);
    if (origin === null) {
      services.log.error({
        msg: 'password reset link not sent: set DESK_PUBLIC_URL so its link names this desk',
      });
      return { message: RESET_ANSWER };
    }
    // Answered before anything is looked up: neither the words nor the time depend on whether
    // the email has an account. The link's email is queued, with its audit row, after.
    const work = db.transaction().execute(async (trx) => {
      const asked = await requestPasswordReset(trx, email, origin, now);
      if (asked !== null) {
        await auditTeam(trx, null, 'password-reset-requested', { userId: asked.id }, now);
      }
      return asked !== null;
    });
    work.then(
      (queued) => queued && services.wakeOutbox('link-email'),
      (error: unknown) =>
        services.log.error({ msg: 'password reset failed', error: (error as Error).name }),
    );
    return { message: RESET_ANSWER };
  });

  serve(API.setPassword, async (c) => {
    const body = await readJsonBody(c);
    const token = isRecord(body) && typeof body.token === 'string' ? body.token : '';
    const password = isRecord(body) && typeof body.password === 'string' ? body.password : '';
    try {
      const now = nowOf(services);
      const done = await setPasswordWithToken(db, token, password, now);
      const action = done.purpose === 'invite' ? 'password-set-from-invite' : 'password-reset';
      await auditTeam(
        db,
        { id: done.userId, email: done.email },
        action,
        { userId: done.userId },
        now,
      );
      return undefined;
    } catch (error) {
      return refused(c, error);
    }
  });
}
