import {
  ACTINIDE_ROW,
  CATEGORY_LABEL_SINGULAR,
  type Element,
  formatAtomicWeight,
  gridPosition,
  LANTHANIDE_ROW,
} from '@vaggen/contract';
import { type KeyboardEvent, useId, useMemo, useRef } from 'react';
import { CATEGORY_COLORS } from '../colors';

const GROUPS = Array.from({ length: 18 }, (_, i) => i + 1);
const PERIODS = [1, 2, 3, 4, 5, 6, 7];

/** CSS grid line for a table row: period rows 1–7, a gap, then the La and Ac rows. */
const cssRow = (row: number) => (row <= 7 ? row + 1 : row + 2);

export interface ElementGridProps {
  elements: Element[];
  selected: number | null;
  /** Elements that match the filters; the rest are dimmed. */
  matches: (e: Element) => boolean;
  onSelect: (atomicNumber: number) => void;
}

/**
 * The periodic table: group labels 1–18, period labels 1–7, the lanthanides and actinides in rows 8 and 9.
 * Every element is a button; arrow keys move between them (one tab stop for the whole table), Home/End
 * jump to the ends of a row, Enter or Space opens the details.
 */
export function ElementGrid({ elements, selected, matches, onSelect }: ElementGridProps) {
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const uid = useId();
  const cells = useMemo(() => {
    const byPos = new Map<string, number>();
    for (const e of elements) {
      const p = gridPosition(e);
      byPos.set(`${p.row}:${p.col}`, e.atomic_number);
    }
    return byPos;
  }, [elements]);
  const tabStop = selected ?? elements[0]?.atomic_number ?? 1;

  const move = (from: Element, key: string): number | null => {
    const { row, col } = gridPosition(from);
    const at = (r: number, c: number) => cells.get(`${r}:${c}`) ?? null;
    const rowsDown = [1, 2, 3, 4, 5, 6, 7, LANTHANIDE_ROW, ACTINIDE_ROW];
    if (key === 'ArrowRight' || key === 'ArrowLeft') {
      const d = key === 'ArrowRight' ? 1 : -1;
      for (let c = col + d; c >= 1 && c <= 18; c += d) {
        const z = at(row, c);
        if (z) return z;
      }
      // Wrap to the next/previous element by atomic number.
      const z = from.atomic_number + d;
      return z >= 1 && z <= elements.length ? z : null;
    }
    if (key === 'Home' || key === 'End') {
      const cols = key === 'Home' ? GROUPS : [...GROUPS].reverse();
      for (const c of cols) {
        const z = at(row, c);
        if (z) return z;
      }
      return null;
    }
    if (key === 'ArrowDown' || key === 'ArrowUp') {
      const i = rowsDown.indexOf(row);
      const order = key === 'ArrowDown' ? rowsDown.slice(i + 1) : rowsDown.slice(0, i).reverse();
      for (const r of order) {
        const z = at(r, col);
        if (z) return z;
      }
    }
    return null;
  };

  const onKeyDown = (e: Element) => (ev: KeyboardEvent<HTMLButtonElement>) => {
    const target = move(e, ev.key);
    if (target === null) return;
    ev.preventDefault();
    buttons.current.get(target)?.focus();
  };

  return (
    <div className="pt-scroll">
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons laid out as a grid, not a form */}
      <div className="pt-grid" role="group" aria-label="Periodiska systemet">
        {GROUPS.map((g) => (
          <span key={`g${g}`} className="pt-label pt-group-label" style={{ gridColumn: g + 1, gridRow: 1 }}>
            {g}
          </span>
        ))}
        {PERIODS.map((p) => (
          <span key={`p${p}`} className="pt-label pt-period-label" style={{ gridColumn: 1, gridRow: cssRow(p) }}>
            {p}
          </span>
        ))}
        <span className="pt-label pt-series-label" style={{ gridColumn: 1, gridRow: cssRow(LANTHANIDE_ROW) }}>
          La
        </span>
        <span className="pt-label pt-series-label" style={{ gridColumn: 1, gridRow: cssRow(ACTINIDE_ROW) }}>
          Ac
        </span>
        <span className="pt-placeholder" style={{ gridColumn: 4, gridRow: cssRow(6) }} aria-hidden="true">
          57–71
        </span>
        <span className="pt-placeholder" style={{ gridColumn: 4, gridRow: cssRow(7) }} aria-hidden="true">
          89–103
        </span>
        {elements.map((e) => {
          const { row, col } = gridPosition(e);
          const dim = !matches(e);
          return (
            <button
              key={e.atomic_number}
              ref={(el) => {
                if (el) buttons.current.set(e.atomic_number, el);
                else buttons.current.delete(e.atomic_number);
              }}
              type="button"
              className={`pt-cell${dim ? ' is-dimmed' : ''}${selected === e.atomic_number ? ' is-selected' : ''}`}
              style={{ gridColumn: col + 1, gridRow: cssRow(row), background: CATEGORY_COLORS[e.category] }}
              data-symbol={e.symbol}
              data-category={e.category}
              data-block={e.block}
              data-dimmed={dim ? 'true' : 'false'}
              tabIndex={e.atomic_number === tabStop ? 0 : -1}
              aria-pressed={selected === e.atomic_number}
              aria-describedby={`${uid}-cat-${e.atomic_number}`}
              title={`${e.name} – ${formatAtomicWeight(e)}`}
              onClick={() => onSelect(e.atomic_number)}
              onKeyDown={onKeyDown(e)}
            >
              {/* WCAG 2.5.3: the name is what the cell shows ("26 Fe Järn"); the category describes it */}
              <span className="pt-number">{e.atomic_number}</span> <span className="pt-symbol">{e.symbol}</span>{' '}
              <span className="pt-name">{e.name}</span>
              <span id={`${uid}-cat-${e.atomic_number}`} hidden>
                {CATEGORY_LABEL_SINGULAR[e.category]}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
