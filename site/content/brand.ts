import company from '../copy/company.json' with { type: 'json' };

/**
 * The brand's name, on its own (`site/copy/company.json`): the navigation and page titles need
 * only this, and the rest of the company copy then stays with the sections that show it.
 */
export const BRAND_NAME: string = company.name;
