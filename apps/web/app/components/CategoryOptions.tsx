import { CATEGORIES, categoryLabel } from '@vaggen/contract';

/**
 * A category <select>'s options: the empty choice, then every category by its label. The value
 * is the category's code, or its lower-case form where a URL carries it (search).
 */
export function CategoryOptions({ empty, lowerCase = false }: { empty: string; lowerCase?: boolean }) {
  return (
    <>
      <option value="">{empty}</option>
      {CATEGORIES.map((c) => (
        <option key={c} value={lowerCase ? c.toLocaleLowerCase('sv-SE') : c}>
          {categoryLabel(c)}
        </option>
      ))}
    </>
  );
}
