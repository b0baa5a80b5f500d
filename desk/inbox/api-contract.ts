// Over 300 lines as one concept: the inbox's route table and the types each route carries, so a
// route's row and its request and answer types are read together.
// Note from the inbox app (desk/inbox/app): it plays `conversation.recordingUrl` in an <audio>
// element, and recordings live on the platform's storage (https://…), which `default-src 'self'`
// refuses; the inbox pages' CSP needs `media-src 'self' https:` for the recording to play.
// The app reads the session with `GET /api/session` (401 → the sign-in page) and sends
// `?days=` and `?demo=` to `/api/numbers` as NumbersQuery says.

import { PERSON_API } from './person-rights-contract.ts';
import { type ApiRoute, CSV, EMPTY, events, type InboxPage, json, shape } from './route-table.ts';
import { ROUTING_API, ROUTING_PAGES } from './routing-contract-routes.ts';
import { TEAM_API, TEAM_PAGES } from './team-contract.ts';

/**
 * The inbox's JSON API under `/api/` and its pages (docs/inbox.md): {@link API} and
 * {@link PAGES} are the one description of them. The desk registers its handlers and serves its
 * pages from these tables; the app builds its requests, links and page lookup from them. Every
 * state-changing request (POST, PATCH, DELETE) carries the session's CSRF token in
 * {@link CSRF_HEADER}; without it: 403. Errors are `{ "error": { "code", "message" } }`. Another
 * agent's lead is 404, never 403. A query parameter or path segment holding a NUL is 400.
 *
 * Error codes: 400 `bad-request`, 401 `unauthorized` (no, expired or signed-out session),
 * 401 `invalid-credentials`, 403 `csrf` (token missing or wrong), 403 `forbidden` (an agent
 * assigning), 404 `not-found`, 409 `not-dead` (retrying a delivery that is not dead), 409 `merged`
 * (merging a merged lead), 409 `claimed` (someone else claimed the lead), 413
 * `body-too-large`, 415, 429 `rate-limited` (with `Retry-After`).
 */
export const API = {
  /**
   * 200 and the session cookie; 401 `invalid-credentials` (the same for a wrong email or
   * password); 429 after 10 failures for one email or one IP within 15 minutes, for 15 minutes.
   */
  signIn: {
    method: 'POST',
    path: '/api/session',
    access: 'anyone',
    body: shape<SignInBody>(),
    answer: json<SessionInfo>(),
  },
  /** Who is signed in, or 401. */
  session: {
    method: 'GET',
    path: '/api/session',
    access: 'signed-in',
    answer: json<SessionInfo>(),
  },
  /** 204; the session row is gone, the old cookie gets 401. */
  signOut: { method: 'DELETE', path: '/api/session', access: 'signed-in', answer: EMPTY },
  /** One row per lead (a person), newest activity first. */
  leads: {
    method: 'GET',
    path: '/api/leads',
    access: 'signed-in',
    query: shape<LeadListQuery>(),
    answer: json<LeadListPage>(),
  },
  /** The list's filters (no cursor, no limit) as a CSV download, one line per lead, audited. */
  leadsCsv: {
    method: 'GET',
    path: '/api/leads.csv',
    access: 'signed-in',
    query: shape<Omit<LeadListQuery, 'cursor' | 'limit'>>(),
    answer: CSV,
  },
  /** 404 for a lead this user may not see. */
  lead: { method: 'GET', path: '/api/leads/:id', access: 'signed-in', answer: json<LeadDetail>() },
  /** Assignment: broker only (403 `forbidden`). */
  updateLead: {
    method: 'PATCH',
    path: '/api/leads/:id',
    access: 'signed-in',
    body: shape<LeadUpdateBody>(),
    answer: json<LeadDetail>(),
  },
  addNote: {
    method: 'POST',
    path: '/api/leads/:id/notes',
    access: 'signed-in',
    body: shape<NoteBody>(),
    answer: json<LeadDetail>(),
  },
  /**
   * Broker only (403 `forbidden`): lead `:id` goes into lead `into`, which is answered. Its
   * captures, notes and status history move over, its timeline shows on the survivor's with a
   * `merged` line, and it is hidden from the list; `GET /api/leads/:id` of it then answers the
   * survivor. 400 `bad-request` for a lead into itself; 409 `merged` when either is already
   * merged; 404 when either is unknown. Audited.
   */
  mergeLead: {
    method: 'POST',
    path: '/api/leads/:id/merge',
    access: 'signed-in',
    body: shape<MergeBody>(),
    answer: json<LeadDetail>(),
  },
  /**
   * Queues a dead job of the lead's `deliveries` (an alert or an update) again; answers its
   * lead. 409 `not-dead` for any other.
   */
  retryDelivery: {
    method: 'POST',
    path: '/api/deliveries/:id/retry',
    access: 'signed-in',
    answer: json<LeadDetail>(),
  },
  /** Who a lead can be assigned to (an agent: only themself). */
  agents: {
    method: 'GET',
    path: '/api/agents',
    access: 'signed-in',
    answer: json<AgentOption[]>(),
  },
  /**
   * Claims the lead for the signed-in user (issue 27 §2); claiming again is a no-op. 409
   * `claimed` with "Daniel claimed this lead" when someone else has it; 404 for a lead this user
   * may not see. `:id` is the lead's id (or, until the inbox moves to leads, a capture's).
   */
  claim: {
    method: 'POST',
    path: '/api/leads/:id/claim',
    access: 'signed-in',
    answer: json<ClaimAnswer>(),
  },
  /**
   * The live inbox (issue 27 §1): Server-Sent Events. `ready` once listening, then `leads` with
   * `{ "ids": [...] }` within a second of a new lead, a claim or any change to a lead this user
   * may see, on any desk of the database. Ids only: the page asks for what changed.
   */
  live: { method: 'GET', path: '/api/live', access: 'signed-in', answer: events<LiveEvent>() },
  /** An agent's figures cover their own leads only. */
  numbers: {
    method: 'GET',
    path: '/api/numbers',
    access: 'signed-in',
    query: shape<NumbersQuery>(),
    answer: json<Numbers>(),
  },
  ...TEAM_API,
  ...PERSON_API,
  ...ROUTING_API,
} as const satisfies Record<string, ApiRoute>;

/**
 * The app's pages. The desk answers `dist/inbox/index.html` for each path (with or without a
 * trailing slash) under a `default-src 'self'` CSP, and 404 for any other `/inbox/…` path; the
 * built files under `/inbox/assets/` are cached for a year (their names carry a hash). The app
 * shows a `signed-in` page with the default export of `app/pages/<name>-page.tsx`.
 */
export const PAGES = {
  leads: { path: '/inbox', access: 'signed-in' },
  'sign-in': { path: '/inbox/sign-in', access: 'anyone' },
  numbers: { path: '/inbox/numbers', access: 'signed-in' },
  lead: { path: '/inbox/leads/:id', access: 'signed-in' },
  ...TEAM_PAGES,
  ...ROUTING_PAGES,
} as const satisfies Record<string, InboxPage>;

/** A page's name in {@link PAGES}. */
export type PageName = keyof typeof PAGES;

import type { Role } from '../auth/role.ts';
import type { NoteContact } from '../leads/note-contact.ts';
import type { LeadEventKind } from '../leads/timeline.ts';
import type { RoutingDecision } from '../routing/rules-contract.ts';

/** The header that carries the CSRF token on state-changing requests. */
export const CSRF_HEADER = 'x-csrf-token';

/** The session cookie's name. */
export const SESSION_COOKIE = 'desk_session';

/** A lead's status, in the order a lead moves through them. */
export const LEAD_STATUSES = ['New', 'Contacted', 'Viewing booked', 'Closed', 'Lost'] as const;

/** One of {@link LEAD_STATUSES}. */
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A user's role (desk/auth/role.ts): what the session's user may see and change. */
export type { Role };

/** `POST /api/session`. */
export interface SignInBody {
  email: string;
  password: string;
}

/** Who is signed in, and the token their state-changing requests carry. */
export interface SessionInfo {
  user: { id: string; email: string; name: string; role: Role };
  csrfToken: string;
  /** The brokerage's IANA time zone, in which the inbox writes every time. */
  timeZone: string;
  brokerageName: string;
}

/** `GET /api/leads` query parameters. */
export interface LeadListQuery {
  status?: LeadStatus;
  /** The assigned agent's email. */
  agent?: string;
  /** A listing's address or id, exactly as the filter options list it: leads with a capture on it. */
  listing?: string;
  /**
   * Full-text search over everything a lead holds: names, phone digits, email, listings, the
   * visitor's notes and other free-text fields of every capture, transcripts and agents' notes.
   */
  q?: string;
  /** `show` or `hide` demo leads; absent: hidden once a real lead exists. */
  demo?: 'show' | 'hide';
  /** `yes`: only leads no one has claimed yet. */
  unclaimed?: 'yes';
  /** The `nextCursor` of the previous page (keyset pagination). */
  cursor?: string;
  /** Page size, 1–100 (default 50). */
  limit?: number;
}

/** One row of the leads list: one lead (one person); merged leads are never listed. */
export interface LeadListItem {
  /** The lead's id (`/inbox/leads/:id`). */
  id: string;
  name: string | null;
  /** The newest capture's listing address, or its id. */
  listing: string | null;
  /** Every listing the lead's captures name, newest first, without repeats. */
  listings: string[];
  /** How many captures the lead has (details left, viewing requests). */
  captures: number;
  status: LeadStatus;
  agent: { name: string | null; email: string | null };
  /** No one has claimed the lead yet. */
  unclaimed: boolean;
  /** The lead's first capture, ISO 8601. */
  receivedAt: string;
  /** `receivedAt` as the desk writes it in the brokerage's zone (see {@link LeadDetail}). */
  receivedAtText: string;
  /** The newest capture, conversation, note or change: the list's order. ISO 8601. */
  lastActivityAt: string;
  /** `lastActivityAt`'s display text. */
  lastActivityAtText: string;
  /** The earliest requested viewing still to come over all captures, ISO 8601 with offset, or null. */
  nextViewing: string | null;
  /** `nextViewing`'s display text, or null. */
  nextViewingText: string | null;
  demo: boolean;
}

/** `GET /api/leads`. */
export interface LeadListPage {
  leads: LeadListItem[];
  nextCursor: string | null;
  /** Whether demo leads are hidden in this answer. */
  demoHidden: boolean;
  /** Unclaimed New leads this user may see, whatever the filters (the tab's title). */
  unclaimedCount: number;
  /** The values the filters offer. */
  filters: { agents: AgentOption[]; listings: string[] };
}

/** Someone a lead can be assigned to. */
export interface AgentOption {
  name: string;
  email: string;
}

/** One line of a conversation. */
export interface TranscriptLine {
  role: 'assistant' | 'user' | 'sample-visitor' | 'system' | 'tool';
  text: string;
  secondsFromStart?: number;
}

/** What can appear on a lead's timeline (docs/inbox.md#timeline): the kinds the desk appends. */
export type TimelineKind = LeadEventKind;

/**
 * One line of a lead's timeline. Lines are only ever added: the first (`received`, "Received,
 * assigned to Daniel Okafor (listing agent)") never changes, and a reassignment adds a line.
 */
export interface TimelineEntry {
  /** Stable and increasing: a line's key in a list. */
  id: string;
  /** ISO 8601. */
  at: string;
  /** `at` as the desk writes it in the brokerage's zone. */
  atText: string;
  kind: TimelineKind;
  /** Who did it (a user's name, else the email they had), or null for the desk itself. */
  by: string | null;
  /** What happened, as text: "Returned", "Status New → Contacted", "Reassigned to …", a note. */
  text: string;
  /** The capture the line is about, if any (one of {@link LeadDetail.captures}). */
  captureId: string | null;
  /** The conversation the line is about, if any (one of {@link LeadDetail.conversations}). */
  conversationId: string | null;
}

/** The data of a `leads` event on `GET /api/live`: the leads that changed. */
export interface LiveEvent {
  ids: string[];
}

/** `POST /api/leads/:id/claim`: who holds the lead now. */
export interface ClaimAnswer {
  leadId: string;
  claimedBy: { id: string; name: string };
  claimedAt: string;
  claimedAtText: string;
}

/** One capture's consent evidence, as the visitor gave it with that capture. */
export interface ConsentEvidence {
  captureId: string;
  /** When the capture was received, ISO 8601, and its display text. */
  at: string;
  atText: string;
  version: string | null;
  text: string | null;
  acceptedAt: string | null;
  /** `acceptedAt`'s display text, or null. */
  acceptedAtText: string | null;
  /** The visitor ticked the contact consent box on the widget's card. */
  consentToContact: boolean;
  /** The box's sentence as they saw it, its hash and when they sent it; null unticked. */
  contact: { text: string; version: string; givenAt: string; givenAtText: string | null } | null;
  /** What the assistant heard them say (`consent_to_contact`); null when it did not say. */
  spokenConsent: boolean | null;
  /** They asked not to be contacted again. */
  doNotContact: boolean;
}

/** One capture of a lead: details left, or a viewing request. */
export interface LeadCapture {
  id: string;
  kind: 'lead' | 'viewing-request';
  /** The conversation it came from (one of {@link LeadDetail.conversations}), or null. */
  conversationId: string | null;
  source: 'widget' | 'platform';
  receivedAt: string;
  capturedAt: string;
  receivedAtText: string;
  capturedAtText: string;
  listing: { address?: string; price?: string; id?: string; url?: string; agentName?: string };
  fields: Record<string, unknown>;
  viewingTimes: {
    said: string;
    /** ISO 8601 with the brokerage zone's offset then, or null when no time was named. */
    start: string | null;
    /** `start`'s display text, or null. */
    text: string | null;
    timeZone: string;
    approximate?: boolean;
  }[];
  /** This capture's own consent evidence. */
  consent: ConsentEvidence;
  pageUrl: string | null;
}

/** One conversation of a lead, with its transcript. */
export interface LeadConversation {
  id: string;
  /** Its first capture's receipt, ISO 8601, and display text: the conversations' order. */
  at: string;
  atText: string;
  summary: string | null;
  transcript: string | null;
  messages: TranscriptLine[];
  recordingUrl: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
}

/** An agent's or broker's note on a lead. */
export interface LeadNote {
  id: string;
  at: string;
  atText: string;
  /** The author's name, else the email they had, or null once neither is known. */
  by: string | null;
  text: string;
  /** The contact the note logs; null for a plain note. */
  contact: NoteContact | null;
}

/**
 * `GET /api/leads/:id`: one lead, one person. `:id` may also be a merged lead's id, or one of
 * the lead's capture ids (links written before leads existed): the answer is then the lead
 * they now belong to, with `resolvedFrom` set, and the app should show `/inbox/leads/<id>`.
 */
export interface LeadDetail {
  id: string;
  /** Set when the asked id was not this lead's own: a lead merged into it, or one of its captures. */
  resolvedFrom: { id: string; reason: 'merged' | 'capture' } | null;
  status: LeadStatus;
  demo: boolean;
  /**
   * Each time's display text, written by the desk with its pinned tz database in the
   * brokerage's zone (`Sunday, November 29, 2026, 2:00 PM MST`): the inbox shows these and never
   * re-computes a time in the browser, whose own zone rules may be older.
   */
  receivedAt: string;
  receivedAtText: string;
  lastActivityAt: string;
  lastActivityAtText: string;
  person: { id: string; name: string | null; phone: string | null; email: string | null };
  assignedTo: { name: string | null; email: string | null; reason: string };
  /** Why routing gave it to its first agent; null for a lead routed before rules existed. */
  routing: RoutingDecision | null;
  /** Who claimed it, or null. */
  claimedBy: { name: string | null; email: string | null; at: string; atText: string } | null;
  /** Every listing its captures name, newest first, without repeats. */
  listings: string[];
  /** Every capture, oldest first. */
  captures: LeadCapture[];
  /** Every conversation, oldest first, each with its transcript. */
  conversations: LeadConversation[];
  /**
   * The lead's consent: the latest capture's `consentToContact` (and `doNotContact` if any
   * capture asked it), with every capture's evidence, oldest first.
   */
  consent: {
    consentToContact: boolean;
    doNotContact: boolean;
    history: ConsentEvidence[];
  };
  /** Agents' and brokers' notes, oldest first. */
  notes: LeadNote[];
  /**
   * Every job about the lead's captures, oldest first: the alerts and the updates that follow
   * them (docs/inbox.md#deliveries).
   */
  deliveries: LeadDelivery[];
  /** The timeline, oldest first; for a lead others were merged into, theirs too. */
  timeline: TimelineEntry[];
}

/**
 * One job about a lead (docs/inbox.md#deliveries): an alert (the capture's, an escalation
 * step's, a reassignment's) or the update that follows it when the conversation ends.
 */
export interface LeadDelivery {
  id: string;
  captureId: string;
  /** The queue's kind: `delivery` (an alert), `conversation-update`, `reassignment-alert`. */
  kind: string;
  adapter: string;
  /** In words: "Follow Up Boss note (conversation)", "Text to Daniel Okafor"; unique per lead. */
  name: string;
  status: 'pending' | 'delivered' | 'dead';
  /** `waiting` (not tried yet), `retrying` (a try failed), `sent`, `dead` (given up). */
  state: 'waiting' | 'retrying' | 'sent' | 'dead';
  attempts: number;
  /** A failed try's reason: why it is retrying or dead. */
  lastError: string | null;
  /** When a pending job is tried (next), with its display text; null once sent or dead. */
  nextTryAt: string | null;
  nextTryAtText: string | null;
  sentAt: string | null;
  sentAtText: string | null;
}

/** `POST /api/leads/:id/merge`: merge lead `:id` into lead `into` (the one that stays). */
export interface MergeBody {
  into: string;
}

/** `PATCH /api/leads/:id`: either or both. */
export interface LeadUpdateBody {
  status?: LeadStatus;
  /** An agent's email (broker only). */
  assignedTo?: string;
}

export {
  NOTE_CONTACT_LABELS,
  NOTE_CONTACTS,
  type NoteContact,
  noteLine,
} from '../leads/note-contact.ts';

/**
 * `POST /api/leads/:id/notes`. With `contact`, the note logs a contact: it claims the lead for
 * its writer when nobody has, and answers the lead for speed to lead. 400 `bad-request` for
 * another `contact`.
 */
export interface NoteBody {
  text: string;
  contact?: NoteContact;
}

/** One figure set for a group (all, a listing, a page, an agent). */
export interface NumbersRow {
  key: string;
  /** Calls and chats that reached the desk, with or without a capture (docs/inbox.md#numbers-inboxnumbers). */
  conversations: number;
  calls: number;
  chats: number;
  captures: number;
  /** People whose first capture arrived in the period. */
  newLeads: number;
  /** New leads ÷ conversations; null with no conversation. */
  conversionRate: number | null;
  viewingsRequested: number;
  /**
   * A new lead's first capture to its first status change away from New, or its first logged
   * contact, in seconds (to within 5%); in total and by agent, null by listing, page and source
   * and with no response.
   */
  speedToLeadMedianSeconds: number | null;
  speedToLeadP90Seconds: number | null;
}

/**
 * Time to claim for a group (docs/inbox.md#numbers-inboxnumbers): a new lead's first capture to
 * its claim (`Claim` pressed, or a contact logged), over the period's new leads.
 */
export interface ClaimRow {
  /** `all`, or the name of the agent who claimed. */
  key: string;
  /** The new leads the row is about: all of them in total; by agent, those the agent claimed. */
  leads: number;
  claimed: number;
  /** Claimed within `claimMinutes` of arriving. */
  claimedWithin: number;
  /** `claimedWithin` ÷ `leads`; null with no lead. */
  claimedWithinShare: number | null;
  /** Of the claimed leads, in minutes (to within 5%); null with no claim. */
  medianMinutes: number | null;
  p90Minutes: number | null;
}

/**
 * `GET /api/numbers?days=7|30|90`: the last `days` whole days in the brokerage's zone, today
 * included. Each breakdown's rows add up to `total`.
 */
export interface Numbers {
  days: 7 | 30 | 90;
  /** ISO 8601: the period's start (midnight in the brokerage's zone) and end (now). */
  from: string;
  to: string;
  /** `from` and `to` as the desk writes them in the brokerage's zone. */
  fromText: string;
  toText: string;
  total: NumbersRow;
  byListing: NumbersRow[];
  byPage: NumbersRow[];
  byAgent: NumbersRow[];
  /** By where visitors came from: `utm_source / utm_medium`, an ad click, a referrer, `(direct)`. */
  bySource: NumbersRow[];
  /**
   * Time to claim, in total and by the agent who claimed (their `claimed` and `claimedWithin`
   * add up to the total's; the total's `leads` − `claimed` were not claimed), within the team's
   * `claimMinutes`.
   */
  timeToClaim: { claimMinutes: number; total: ClaimRow; byAgent: ClaimRow[] };
  /** Whether demo leads and conversations are left out (the same rule as the leads list). */
  demoHidden?: boolean;
}

/** `GET /api/numbers` query parameters. */
export interface NumbersQuery {
  days?: '7' | '30' | '90';
  /** `show` or `hide` demo data; absent: hidden once a real lead exists. */
  demo?: 'show' | 'hide';
}

export type * from './person-rights-contract.ts';
export type * from './routing-contract-routes.ts';
export type * from './team-contract.ts';
