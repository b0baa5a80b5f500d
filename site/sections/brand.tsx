import { BRAND_NAME } from '../content/brand.ts';
import { paths } from '../paths.ts';

/** The brand's mark and name, as every header and the footer show them. */
export function BrandMark() {
  return (
    <>
      <span className="brand-mark" aria-hidden="true">
        H
      </span>
      {BRAND_NAME}
    </>
  );
}

/** The brand as the link home that starts every page's header. */
export function BrandLink() {
  return (
    <a className="brand" href={paths.landing.getHref()}>
      <BrandMark />
    </a>
  );
}
