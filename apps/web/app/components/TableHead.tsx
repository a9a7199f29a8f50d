/** A column header: its text, or `{ hidden }` for a column that only screen readers hear named (e.g. the row's buttons). */
export type Column = string | { hidden: string };

/**
 * A table's header row: one column header (`<th scope="col">`) for each of `columns`, in order.
 * The admin tables name their columns once as a list instead of writing each cell.
 */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th scope="col" key={c}>
              {c}
            </th>
          ) : (
            <th scope="col" key={c.hidden}>
              <span className="visually-hidden">{c.hidden}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
