import { useRef } from 'react';

/**
 * The queue's tabs (Väntande, Anmälda, Avvisade) as an ARIA tab list: one tab stop, ←/→ (and
 * Home/End) move between tabs and show them at once, each tab controls the one list panel.
 */
export function QueueTabs<T extends string>({
  tabs,
  current,
  counts,
  panelId,
  idPrefix,
  onChange,
}: {
  tabs: readonly { value: T; label: string }[];
  current: T;
  /** Shown in a bubble after the label when known and above 0. */
  counts?: Partial<Record<T, number>>;
  panelId: string;
  idPrefix: string;
  onChange: (tab: T) => void;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = tabs.findIndex((t) => t.value === current);

  function onKeyDown(e: React.KeyboardEvent) {
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.value);
    refs.current[next]?.focus();
  }

  return (
    <div className="mod-tabs" role="tablist" aria-label="Granskningskö" onKeyDown={onKeyDown}>
      {tabs.map((t, i) => {
        const selected = t.value === current;
        const n = counts?.[t.value];
        return (
          <button
            key={t.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${t.value}`}
            className="mod-tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t.value)}
          >
            {t.label}
            {n !== undefined && n > 0 && (
              <span className="mod-count count-badge">
                {n}
                <span className="visually-hidden"> st</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
