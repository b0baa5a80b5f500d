/**
 * The team's routes and pages in the inbox's table (issue 27 §4, docs/inbox.md#team-inboxteam), kept in
 * their own block: desk/inbox/api-contract.ts spreads them into API and PAGES.
 */

import type { LinkEmailState } from '../auth/link-email.ts';
import type { Role } from '../auth/role.ts';
import { EMPTY, json, shape } from './route-table.ts';

export const TEAM_API = {
  team: { method: 'GET', path: '/api/team', access: 'signed-in', answer: json<TeamList>() },
  addMember: {
    method: 'POST',
    path: '/api/team',
    access: 'signed-in',
    body: shape<NewMemberBody>(),
    answer: json<TeamMemberInfo>(),
  },
  updateMember: {
    method: 'PATCH',
    path: '/api/team/:id',
    access: 'signed-in',
    body: shape<MemberUpdateBody>(),
    answer: json<TeamMemberInfo>(),
  },
  inviteMember: {
    method: 'POST',
    path: '/api/team/:id/invite',
    access: 'signed-in',
    answer: json<TeamMemberInfo>(),
  },
  sendReset: {
    method: 'POST',
    path: '/api/team/:id/reset-password',
    access: 'signed-in',
    answer: json<TeamMemberInfo>(),
  },
  deactivateMember: {
    method: 'POST',
    path: '/api/team/:id/deactivate',
    access: 'signed-in',
    answer: json<TeamMemberInfo>(),
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/password-reset',
    access: 'anyone',
    body: shape<ForgotPasswordBody>(),
    answer: json<ForgotPasswordAnswer>(),
  },
  setPassword: {
    method: 'POST',
    path: '/api/password',
    access: 'anyone',
    body: shape<SetPasswordBody>(),
    answer: EMPTY,
  },
} as const;

export const TEAM_PAGES = {
  team: { path: '/inbox/team', access: 'signed-in' },
  // The link's token is the fragment (`/inbox/invite#<token>`): a browser never sends it, so it
  // is in no request log and no Referer.
  invite: { path: '/inbox/invite', access: 'anyone' },
  'reset-password': { path: '/inbox/reset', access: 'anyone' },
} as const;

/** One member of the team as the broker's team page shows them. */
export interface TeamMemberInfo {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  active: boolean;
  onDuty: boolean;
  pausedFrom: string | null;
  pausedTo: string | null;
  /** Paused today (in the brokerage's zone): routing skips them. */
  pausedNow: boolean;
  /** They have set a password; false: added or seeded, invite not yet used. */
  hasPassword: boolean;
  /** No phone: lead alerts reach them by email only. */
  emailOnly: boolean;
  /** Deactivated with open leads still assigned: these need reassigning. */
  leadsToReassign: number;
  /** Their last invite or reset email and whether it went out; null when none was asked. */
  linkEmail: LinkEmailState | null;
}

export interface TeamList {
  members: TeamMemberInfo[];
  /** Today in the brokerage's zone (YYYY-MM-DD), for the pause's date fields. */
  today: string;
}

export interface NewMemberBody {
  name: string;
  email: string;
  phone?: string;
  role: Role;
}

/** `onDuty`, or a pause: both dates (YYYY-MM-DD, both included), or both null to end it. */
export interface MemberUpdateBody {
  onDuty?: boolean;
  pausedFrom?: string | null;
  pausedTo?: string | null;
}

export interface ForgotPasswordBody {
  email: string;
}

/** The same answer whether or not the email has an account. */
export interface ForgotPasswordAnswer {
  message: string;
}

export interface SetPasswordBody {
  token: string;
  password: string;
}
