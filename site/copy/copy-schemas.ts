/**
 * The shape of each landing-page copy file in `site/copy/` (JSON Schema, checked at build time
 * by `check-copy.ts`). Every text is a plain string a marketer can change; `{assistantName}` and
 * `{brokerageName}` are filled in from assistant.config.json.
 */

type Schema = Readonly<Record<string, unknown>>;

const text: Schema = { type: 'string', minLength: 1 };
const texts = (min = 1): Schema => ({ type: 'array', minItems: min, items: text });

function object(properties: Record<string, Schema>, optional: readonly string[] = []): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    properties,
  };
}

const intro = object({ eyebrow: text, title: text, lead: text });

/** One schema per file name in `site/copy/`. */
export const COPY_SCHEMAS: Readonly<Record<string, Schema>> = {
  // A Google Tag Manager container id, or "" for none (docs/marketers.md).
  'analytics.json': object({
    googleTagManager: { type: 'string', pattern: '^(GTM-[A-Z0-9]{4,12})?$' },
  }),
  'hero.json': object({
    badge: text,
    headline: text,
    intro: text,
    callToAction: text,
    demoCallToAction: text,
    proofPoints: texts(),
  }),
  'hero-chat.json': object({
    assistantRole: text,
    status: text,
    messages: {
      type: 'array',
      minItems: 1,
      items: object(
        {
          from: { enum: ['visitor', 'assistant'] },
          text,
          listing: object({
            address: text,
            facts: { type: 'array', items: object({ text, spoken: text }) },
            illustrationLabel: text,
          }),
          slots: texts(),
        },
        ['listing', 'slots'],
      ),
    },
  }),
  'features.json': object({
    intro,
    features: {
      type: 'array',
      minItems: 1,
      items: object({
        title: text,
        description: text,
        bullets: texts(),
        icon: { enum: ['chat', 'target', 'chart', 'plug'] },
      }),
    },
  }),
  'steps.json': object({
    intro,
    steps: {
      type: 'array',
      minItems: 4,
      maxItems: 4,
      items: object({
        number: { enum: ['01', '02', '03', '04'] },
        title: text,
        description: text,
        benefits: texts(),
      }),
    },
  }),
  'testimonials.json': object({
    intro,
    testimonials: {
      type: 'array',
      minItems: 1,
      items: object({
        name: text,
        role: { enum: ['Real Estate Broker', 'Sales Director', 'Broker Owner'] },
        company: text,
        content: text,
        rating: { type: 'integer', minimum: 1, maximum: 5 },
      }),
    },
  }),
  'contact.json': object({
    eyebrow: text,
    title: text,
    lead: text,
    points: texts(),
    submit: text,
    sending: text,
    success: text,
    fieldErrorsIntro: text,
    rejected: text,
    unavailable: text,
    mailtoIntro: text,
    mailtoSubject: text,
    consentBefore: text,
    consentLink: text,
    consentAfter: text,
    fieldLabels: object({ name: text, email: text, phone: text, company: text, message: text }),
  }),
  'brand.json': object({ name: text }),
  'company.json': object({
    tagline: text,
    blurb: text,
    email: { type: 'string', pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
    responseTime: text,
    socials: {
      type: 'array',
      items: object({
        network: { enum: ['X', 'LinkedIn', 'YouTube', 'Facebook'] },
        href: { type: 'string', pattern: '^https://' },
        icon: { enum: ['x', 'linkedin', 'youtube', 'facebook'] },
      }),
    },
  }),
  'legal.json': object({ templateNotice: text, privacyUpdated: text, termsUpdated: text }),
};
