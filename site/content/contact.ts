import copy from '../copy/contact.json' with { type: 'json' };

/** Copy of the contact section and the form's messages (`site/copy/contact.json`). */
export const contactCopy = copy;

/** The form's fields in order; `name` is also the payload key (docs/behaviour.md#api-routes). */
export const contactFields = [
  { name: 'name', label: copy.fieldLabels.name, type: 'text', autoComplete: 'name' },
  { name: 'email', label: copy.fieldLabels.email, type: 'email', autoComplete: 'email' },
  { name: 'phone', label: copy.fieldLabels.phone, type: 'tel', autoComplete: 'tel' },
  { name: 'company', label: copy.fieldLabels.company, type: 'text', autoComplete: 'organization' },
  { name: 'message', label: copy.fieldLabels.message, type: 'textarea', autoComplete: 'off' },
] as const;

export type ContactFieldName = (typeof contactFields)[number]['name'];
