/**
 * What each job about a lead is, in the broker's words (docs/inbox.md#deliveries): "Follow Up
 * Boss note (conversation)", "Text to Daniel Okafor", "Email reply to Daniel Okafor". Pure: the
 * loader (./lead-jobs.ts) gathers the facts, this names them.
 */

/** The facts a job's name is made of. */
export interface JobFacts {
  kind: string;
  key: string;
  adapter: string;
  captureKind: 'lead' | 'viewing-request';
  /** Whom a message to an agent went (or goes) to; null when unknown. */
  recipient: string | null;
  /** The capture's received time, to tell two captures' jobs apart. */
  receivedAtText: string;
}

const SERVICES: Record<string, string> = {
  'follow-up-boss': 'Follow Up Boss',
  webhook: 'Webhook',
  email: 'Email',
  sms: 'Text',
};

const CAPTURE_WORDS: Record<JobFacts['captureKind'], string> = {
  lead: 'details left',
  'viewing-request': 'viewing requested',
};

const WEBHOOK_EVENTS: Record<JobFacts['captureKind'], string> = {
  lead: 'lead.captured',
  'viewing-request': 'viewing.requested',
};

const to = (recipient: string | null) => (recipient ? ` to ${recipient}` : '');

/** An alert's name: the capture's own, an escalation step's or a reassignment's. */
function alertWords(job: JobFacts, why: string): string {
  switch (job.adapter) {
    case 'follow-up-boss':
      return `Follow Up Boss event (${CAPTURE_WORDS[job.captureKind]})`;
    case 'webhook':
      return `Webhook ${WEBHOOK_EVENTS[job.captureKind]}`;
    case 'email':
      return `Email alert${to(job.recipient)}${why}`;
    case 'sms':
      return `Text${to(job.recipient)}${why}`;
    default:
      return `${job.adapter} alert${why}`;
  }
}

/** What follows an alert once the conversation ends. */
function updateWords(job: JobFacts): string {
  switch (job.adapter) {
    case 'follow-up-boss':
      return 'Follow Up Boss note (conversation)';
    case 'webhook':
      return 'Webhook conversation.completed';
    case 'email':
      return `Email reply${to(job.recipient)}`;
    default:
      return `${SERVICES[job.adapter] ?? job.adapter} update (conversation)`;
  }
}

/** One job's name, without regard to the lead's other jobs. */
export function jobWords(job: JobFacts): string {
  switch (job.kind) {
    case 'delivery':
      // An escalation step's alerts are delivery jobs keyed by the step (desk/leads/escalation.ts).
      return alertWords(job, job.key.startsWith('escalation:') ? ' (escalated)' : '');
    case 'reassignment-alert':
      return alertWords(job, ' (reassigned)');
    case 'conversation-update':
      return updateWords(job);
    default:
      return `${SERVICES[job.adapter] ?? job.adapter} ${job.kind}`;
  }
}

/**
 * Every job's name, in order, each one once: a name two jobs share (two captures' email alerts
 * to the same agent) says which capture it is about, so every Retry button names its own job.
 */
export function jobNames(jobs: readonly JobFacts[]): string[] {
  const plain = jobs.map(jobWords);
  const counts = new Map<string, number>();
  for (const name of plain) {
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const named = plain.map((name, i) => {
    const job = jobs[i] as JobFacts;
    return (counts.get(name) ?? 0) > 1
      ? `${name}, ${CAPTURE_WORDS[job.captureKind]} ${job.receivedAtText}`
      : name;
  });
  // Two jobs of one capture alike (two escalations to one agent) are numbered.
  const seen = new Map<string, number>();
  return named.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}
