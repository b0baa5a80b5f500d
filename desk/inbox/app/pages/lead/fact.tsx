/** One term and its value inside a `<dl className="facts">`; the value is rendered as text. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
