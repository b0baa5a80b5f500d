import { escapeHtml } from '../head.ts';
import type { ServiceError } from '../lib/form-outcome.ts';

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>`,
    '</html>',
  ].join('\n');
}

/** What a visitor without JavaScript sees after a successful native submission. */
export function thanksPage(): string {
  return page(
    'Thank you!',
    '<p>Your message has been sent. We’ll reply within one business day.</p>' +
      '<p><a href="/">Back to the site</a></p>',
  );
}

/** What a visitor without JavaScript sees when the service rejects a native submission. */
export function validationPage(errors: readonly ServiceError[]): string {
  const items = errors
    .map((e) => `<li>${escapeHtml(e.field ? `${e.field}: ${e.message}` : e.message)}</li>`)
    .join('');
  return page(
    'Please check your message',
    `<ul>${items}</ul><p><a href="/#contact">Go back to the form</a></p>`,
  );
}
