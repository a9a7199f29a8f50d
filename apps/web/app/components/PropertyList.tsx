/** Name–value pairs as a description list, each pair in a `div` of its own (as HTML allows, for styling). */
export function PropertyList({
  rows,
  className,
  testId,
}: {
  rows: readonly (readonly [string, string])[];
  className: string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
