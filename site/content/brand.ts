import brand from '../copy/brand.json' with { type: 'json' };

/**
 * The brand's name, on its own (`site/copy/brand.json`): the navigation and page titles need
 * only this, and the rest of the company copy (`company.json`) then stays with the sections that
 * show it, out of the first screen's script.
 */
export const BRAND_NAME: string = brand.name;
