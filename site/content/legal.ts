/** One titled part of a legal page: paragraphs, then an optional list. */
export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

/** A legal page's copy. */
export interface LegalDocument {
  title: string;
  description: string;
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}

/** Shown at the top of both legal pages, until counsel has reviewed them. */
export const LEGAL_TEMPLATE_NOTICE =
  'Template: review with counsel before relying on it. This text describes how the product ' +
  'works, but it is a draft, not legal advice, and it is not yet approved for any jurisdiction.';
