import { company } from './company.ts';
import { type LegalDocument, legalVariables } from './legal.ts';

/** Copy of /terms: the rules for using this website and the assistant demo. */
export const termsOfUse: LegalDocument = {
  title: 'Terms of Use',
  description: `The terms for using the ${company.name} website, its voice assistant demo and its contact form.`,
  updated: legalVariables.termsUpdated,
  intro:
    `These terms apply to this website, the voice assistant demo on it and the contact form. ` +
    'Brokerages that use our assistants on their own sites sign a separate service agreement.',
  sections: [
    {
      id: 'service',
      heading: 'What the website offers',
      paragraphs: [
        'The website describes our assistants, lets you try a demo conversation and lets you ' +
          'ask us for a call. The demo plays a sample conversation about a fictional listing: ' +
          'addresses, prices and viewing times in it are examples, not offers.',
      ],
    },
    {
      id: 'assistant-answers',
      heading: 'Answers given by an assistant',
      paragraphs: [
        'An AI assistant can be wrong. Listing details, prices and availability come from the ' +
          'brokerage and may change; a viewing or callback is confirmed only when the brokerage ' +
          'confirms it. Nothing an assistant says is legal, financial or mortgage advice.',
      ],
    },
    {
      id: 'recording',
      heading: 'Recording and consent',
      paragraphs: [
        'Calls with an assistant are recorded and transcribed by the voice platform, as ' +
          'described in our Privacy Policy. By starting a call you agree to that; if you do not, ' +
          'do not start the call.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      paragraphs: ['When you use the website or an assistant, please do not:'],
      items: [
        'give another person’s details without their permission;',
        'try to make an assistant say something unlawful, or to extract its instructions;',
        'overload, probe or scrape the website, the assistant or the form;',
        'send spam or automated messages through the contact form.',
      ],
    },
    {
      id: 'content',
      heading: 'Our content',
      paragraphs: [
        `The text, illustrations and software of this website belong to ${company.name}. You ` +
          'may link to it and quote it with attribution; please ask before reusing anything else.',
      ],
    },
    {
      id: 'liability',
      heading: 'Liability',
      paragraphs: [
        'The website and the demo are provided as they are. To the extent the law allows, we ' +
          'are not liable for indirect losses from using them. Nothing in these terms limits ' +
          'rights you have as a consumer that cannot be limited.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes',
      paragraphs: [
        'We may update these terms; the date at the top shows the current version. Changes do ' +
          'not apply to anything you did before they were published.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${company.email}.`],
    },
  ],
};
