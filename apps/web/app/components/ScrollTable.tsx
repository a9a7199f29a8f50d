/**
 * A table in a region of its own that scrolls sideways on a narrow screen, and so takes focus
 * (keyboard users must be able to scroll it: WCAG 2.1.1); its caption is for screen readers.
 */
export function ScrollTable({
  label,
  caption,
  className,
  tableClassName,
  children,
}: {
  /** What the region is called: "Tabell: <label>". */
  label: string;
  caption: string;
  className: string;
  tableClassName: string;
  /** The table's head and body. */
  children: React.ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
    <section className={className} tabIndex={0} aria-label={`Tabell: ${label}`}>
      <table className={tableClassName}>
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </section>
  );
}
