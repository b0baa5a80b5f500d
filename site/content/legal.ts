import copy from '../copy/legal.json' with { type: 'json' };

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

/** The legal pages' variables (`site/copy/legal.json`); the company's name and email are in company.json. */
export const legalVariables = copy;

/** Shown at the top of both legal pages, until counsel has reviewed them. */
export const LEGAL_TEMPLATE_NOTICE: string = copy.templateNotice;
