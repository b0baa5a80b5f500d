import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The landing claims only what exists (issue 29 §7): each product claim of the copy sits here
// beside the test (or, for a figure, the bench) that shows it, or the service step that delivers
// it. A new claim without a line here fails; so does a backing test that is renamed or removed.

interface Backing {
  /** A test or bench file, from the repository root. */
  readonly file: string;
  /** The test's title (or a line of the bench) that shows the claim. */
  readonly shows: string;
}

const CLAIMS: Readonly<Record<string, Backing>> = {
  // hero.json proof points
  'Replies in under 10 seconds': {
    file: 'bench/talk-latency.bench.ts',
    shows: 'our part of the time from Talk to listening',
  },
  'Live in 2–4 weeks': { file: 'site/copy/steps.json', shows: 'Go-live in 2–4 weeks' },
  'Works with Follow Up Boss and webhooks': {
    file: 'tests/desk/adapter-webhook.test.ts',
    shows: 'posts a signed viewing.requested the receiver verifies',
  },
  // features.json bullets
  'Answers questions about the listing on the page': {
    file: 'tests/unit/leads-listing.test.ts',
    shows: 'with listing="auto", attributes win over JSON-LD field by field',
  },
  'Takes viewing requests and emails the agent a calendar invite': {
    file: 'tests/desk/adapter-email.test.ts',
    shows: 'writes one complete .eml per message, with the text and the invite',
  },
  'Emails the agent each lead with the conversation’s summary and transcript': {
    file: 'tests/desk/adapter-email.test.ts',
    shows: 'writes one complete .eml per message, with the text and the invite',
  },
  'Asks whether they buy, sell or rent, their budget and their timeline': {
    file: 'tests/unit/leads-tools.test.ts',
    shows: 'accepts a good lead and cleans its fields',
  },
  'Routes each lead to the right agent by your rules': {
    file: 'tests/desk/desk-config.test.ts',
    shows: "gives a lead to the listing's agent, by listing id or by agent name",
  },
  'Gives the other leads to the on-duty agent within office hours': {
    file: 'tests/desk/desk-config.test.ts',
    shows: 'else to the on-duty agent inside office hours, else to the broker',
  },
  'Speed to lead by agent in the inbox': {
    file: 'tests/browser/inbox-work.test.ts',
    shows: 'shows a status change on the numbers page (speed to lead and time to claim by agent)',
  },
  'Searchable transcripts in the inbox': {
    file: 'tests/desk/inbox-leads-api.test.ts',
    shows: 'finds a lead by a transcript word, a phone number, an email, a listing and a note',
  },
  'CSV export and a weekly report for brokers': {
    file: 'tests/desk/inbox-cli.test.ts',
    shows: 'weekly-report writes each broker an .eml with the numbers and the leads still New',
  },
  'Follow Up Boss, built in': {
    file: 'tests/desk/adapter-follow-up-boss.test.ts',
    shows: 'sends a viewing request as a Property Inquiry the stand-in accepts',
  },
  'Any other CRM through signed webhooks (Zapier, Make)': {
    file: 'tests/desk/adapter-webhook.test.ts',
    shows: 'posts a signed viewing.requested the receiver verifies',
  },
  'An email to the agent with a calendar invite': {
    file: 'tests/desk/adapter-email.test.ts',
    shows: 'writes one complete .eml per message, with the text and the invite',
  },
  // testimonials.json: the product claims inside the quotes
  'type their questions in Spanish and get their answers in Spanish': {
    file: 'tests/unit/demo-languages.test.ts',
    shows: 'answers typed questions in Spanish',
  },
  'lands in the agent’s inbox with the conversation’s summary and transcript': {
    file: 'tests/desk/adapter-email.test.ts',
    shows: 'writes one complete .eml per message, with the text and the invite',
  },
};

/** Claims the product cannot back yet: a person on the line, financing and area questions. */
const RETIRED = [/hand-?offs?\b/i, /hands off/i, /financing/i, /\barea\b/i, /\(coming\)/i];

function copy(file: string): unknown {
  return JSON.parse(readFileSync(`site/copy/${file}`, 'utf8'));
}

const hero = copy('hero.json') as { proofPoints: string[] };
const features = copy('features.json') as { features: { bullets: string[] }[] };
const testimonials = copy('testimonials.json') as { testimonials: { content: string }[] };
const listed = [...hero.proofPoints, ...features.features.flatMap((feature) => feature.bullets)];

describe('the landing’s claims', () => {
  it('has a backing for every proof point and feature bullet', () => {
    expect(listed.filter((claim) => !(claim in CLAIMS))).toEqual([]);
  });

  it.each(Object.entries(CLAIMS))('“%s” is shown by its test', (_claim, backing) => {
    expect(existsSync(backing.file), backing.file).toBe(true);
    expect(readFileSync(backing.file, 'utf8')).toContain(backing.shows);
  });

  it('quotes only backed claims in the testimonials', () => {
    const quotes = testimonials.testimonials.map((t) => t.content).join('\n');
    for (const claim of Object.keys(CLAIMS).filter((c) => !listed.includes(c))) {
      expect(quotes).toContain(claim);
    }
  });

  it('makes none of the claims the product cannot back yet', () => {
    const all = ['hero.json', 'features.json', 'testimonials.json', 'steps.json']
      .map((file) => readFileSync(`site/copy/${file}`, 'utf8'))
      .join('\n');
    for (const pattern of RETIRED) {
      expect(all).not.toMatch(pattern);
    }
  });
});
