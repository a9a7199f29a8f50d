/** One numbered step of the tool, a section named by its heading. */
export function Step({
  n,
  title,
  children,
  aside,
}: {
  n: number;
  title: string;
  children: React.ReactNode;
  aside?: React.ReactNode;
}) {
  const id = `tr-step-${n}`;
  return (
    <section className="tr-step surface" aria-labelledby={id}>
      <div className="tr-step-head">
        <h2 id={id}>
          <span className="tr-step-n" aria-hidden="true">
            {n}
          </span>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** An error box read out when it appears. */
export function ErrorBox({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" id={id}>
      {message}
    </p>
  );
}
