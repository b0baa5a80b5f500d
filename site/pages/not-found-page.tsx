import { BRAND_NAME } from '../content/brand.ts';
import { paths } from '../paths.ts';

/** Any unknown path. */
export function NotFoundPage() {
  return (
    <main className="not-found">
      <p className="eyebrow">404</p>
      <h1>This page isn’t on the market</h1>
      <p>The address may be mistyped, or the page has moved.</p>
      <a className="button button-primary" href={paths.landing.getHref()}>
        Back to {BRAND_NAME}
      </a>
    </main>
  );
}
