import { type CSSProperties, useState } from 'react';
import { fieldErrors, withValue } from '../lib/embed-check.ts';
import { colourFields, embedFields } from '../lib/embed-fields.ts';
import {
  codeChoices,
  colourCss,
  cspLines,
  cspText,
  type EmbedChoices,
  gtmSnippet,
  htmlSnippet,
  previewAttributes,
  reactSnippet,
  SELF_HOSTED_BASE,
  selfHostedSnippet,
} from '../lib/embed-snippets.ts';
import { widgetRelease } from '../lib/widget-release.ts';
import { BrandLink } from '../sections/brand.tsx';
import { CopyBlock } from '../sections/embed/copy-block.tsx';
import { type AttributeValues, EmbedForm } from '../sections/embed/embed-form.tsx';
import { Footer } from '../sections/footer.tsx';

const FIELDS = embedFields();
const COLOURS = colourFields();

/** The form starts on the demo assistant in floating mode: what most brokerages embed first. */
const INITIAL_VALUES: AttributeValues = { demo: true, mode: 'floating' };

/**
 * `/embed`: the embed configurator. A brokerage fills in its assistant, mode, colours and texts,
 * sees the real widget (on the offline demo assistant) update as it types, and copies the pinned
 * snippet, the CSP lines, the React variant and a Google Tag Manager tag.
 */
export function EmbedPage() {
  const [values, setValues] = useState<AttributeValues>(INITIAL_VALUES);
  const [colours, setColours] = useState<Record<string, string>>({});
  const choices: EmbedChoices = { attributes: values, colours };
  const code = codeChoices(choices);
  const css = colourCss(choices);
  const policy = cspLines(code, widgetRelease);
  // Only overridden colours reach the preview, so the prerendered element has no style attribute.
  const previewStyle =
    Object.keys(colours).length > 0 ? (colours as unknown as CSSProperties) : undefined;

  const setValue = (name: string, value: string | boolean) =>
    setValues((current) => withValue(current, name, value));
  const setColour = (property: string, value: string) =>
    setColours((current) => {
      const next = { ...current };
      const fallback = COLOURS.find((c) => c.property === property)?.defaultValue;
      if (value.toLowerCase() === fallback) {
        delete next[property];
      } else {
        next[property] = value;
      }
      return next;
    });

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="embed-header">
        <div className="container">
          <BrandLink />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="embed-page container">
        <h1>Add the voice assistant to your website</h1>
        <p className="embed-lead">
          Fill in your assistant, try it in the preview, then copy the code. Your assistant ID and
          public key are in your platform dashboard. The public key is meant to sit in your page:
          restrict it to your own domains in the dashboard so no other site can spend your credits.
        </p>
        <div className="embed-layout">
          <EmbedForm
            fields={FIELDS}
            colourFields={COLOURS}
            values={values}
            errors={fieldErrors(values)}
            colours={colours}
            onValue={setValue}
            onColour={setColour}
          />
          <section className="embed-preview-section" aria-labelledby="embed-preview-heading">
            <h2 id="embed-preview-heading">Live preview</h2>
            <p className="embed-help">
              The real widget with your settings, talking to the offline demo assistant (it never
              uses your key). Press its button to try a call.
            </p>
            <div className="embed-preview">
              <voice-assistant {...previewAttributes(choices)} style={previewStyle} />
            </div>
          </section>
        </div>
        <section className="embed-code" aria-labelledby="embed-code-heading">
          <h2 id="embed-code-heading">Copy the code</h2>
          <CopyBlock title="HTML snippet" code={selfHostedSnippet(code)}>
            <p className="embed-help">
              Works as soon as the widget's files are on your site: copy the{' '}
              <code>dist/widget/</code> folder of version {widgetRelease.version} (from{' '}
              <code>npm run build:widget</code> or the npm package) to your site as{' '}
              <code>{SELF_HOSTED_BASE}/</code>, then paste this where the button should be.
            </p>
          </CopyBlock>
          <CopyBlock title="CDN snippet" code={htmlSnippet(code, widgetRelease)}>
            <p className="embed-help">
              Works once version {widgetRelease.version} of the package is published to npm, which
              the CDN serves. It is pinned with its Subresource Integrity hash: the browser refuses
              the file if a single byte changes.
            </p>
          </CopyBlock>
          {css === '' ? null : (
            <CopyBlock title="Colours for your stylesheet" code={css}>
              <p className="embed-help">Add this rule to a stylesheet your page already loads.</p>
            </CopyBlock>
          )}
          <CopyBlock title="Content-Security-Policy" code={cspText(policy)}>
            <p className="embed-help">
              If your site sends a Content-Security-Policy, add these sources to it:
            </p>
            <dl className="embed-csp">
              {policy.map((line) => (
                <div key={line.directive}>
                  <dt>
                    <code>{line.directive}</code>
                  </dt>
                  <dd>{line.why}</dd>
                </div>
              ))}
            </dl>
          </CopyBlock>
          <CopyBlock title="React" code={reactSnippet(code, widgetRelease)}>
            <p className="embed-help">
              For React 18 or 19 apps, including Next.js: the component uses your app's React.
            </p>
          </CopyBlock>
          <CopyBlock title="Google Tag Manager" code={gtmSnippet(code, widgetRelease)}>
            <p className="embed-help">
              Paste into a Custom HTML tag that fires on the pages where the assistant should
              appear.
            </p>
          </CopyBlock>
        </section>
      </main>
      <Footer />
    </>
  );
}
