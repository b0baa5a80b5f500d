/** Copy of the contact section and the form's messages. */
export const contactCopy = {
  eyebrow: 'Let’s Talk',
  title: 'See what an AI assistant could do for your brokerage',
  lead:
    'Tell us a little about your team and where leads slip through today. We’ll come back with ' +
    'a short plan and a live demo built on one of your own listings.',
  points: [
    'A 30-minute call with a real estate automation specialist',
    'A demo assistant trained on your listings',
    'A clear estimate of cost and time to launch',
  ],
  submit: 'Send Message',
  sending: 'Sending…',
  success: 'Thank you! Your message is on its way. We’ll reply within one business day.',
  fieldErrorsIntro: 'Please check the highlighted fields:',
  rejected: 'The form service could not accept your message.',
  unavailable: 'We couldn’t send your message because the form service is not responding.',
  mailtoIntro: 'Please try again in a few minutes, or email us directly at',
  mailtoSubject: 'Inquiry from the Hearthline AI website',
  consentBefore: 'By sending this form you agree that we use your details to answer you, as the ',
  consentLink: 'Privacy Policy',
  consentAfter: ' explains.',
} as const;

/** The form's fields in order; `name` is also the payload key (docs/behaviour.md#api-routes). */
export const contactFields = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'company', label: 'Company / Brokerage', type: 'text', autoComplete: 'organization' },
  { name: 'message', label: 'Message', type: 'textarea', autoComplete: 'off' },
] as const;

export type ContactFieldName = (typeof contactFields)[number]['name'];
