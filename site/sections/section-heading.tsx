/** Eyebrow, title and lead paragraph that open a landing-page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  tone = 'light',
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead: string;
  tone?: 'light' | 'dark';
}) {
  return (
    <div className={`section-heading section-heading-${tone}`}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      <p className="lead">{lead}</p>
    </div>
  );
}
