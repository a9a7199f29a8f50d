import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  FRONT_HEADLINE_MAX,
  FRONT_SIZE_LABELS,
  FRONT_SIZES,
  FRONT_SLOTS_MAX,
  FRONT_TEASER_MAX,
  FRONT_TEXT,
  type FrontBoard,
  type FrontSize,
  type FrontVersion,
  formatShortDateTime,
  frontPath,
  type SearchHit,
} from '@vaggen/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataState } from '../../../components/DataState';
import { FormError, FormSuccess } from '../../../components/FormField';
import { serverMsgOr } from '../../../lib/api';
import { stockholmLocalToIso } from '../../../lib/stockholm-time';
import { frontsApi } from '../api';
import { type BoardSlot, fromBoard, move, toInput } from '../board';
import { FrontPreview } from './FrontPreview';

/** The buttons that move a pinned article one place (the keyboard's way besides drag and drop). */
const MOVES = [
  ['Flytta upp', -1],
  ['Flytta ner', 1],
] as const;

type Load = { status: 'loading' } | { status: 'error'; msg: string } | { status: 'ready'; board: FrontBoard };

/**
 * `/admin/forstasidan/:front` (issue 41, admin): one front's board. The pinned slots in order (the
 * first is the lead), moved by dragging (mouse, touch, or the keyboard: space on the handle, then
 * the arrows) or by the "Flytta upp/ner" buttons; per slot its size and front-only headline, teaser
 * and picture; add an article by searching; a preview at desktop width and at 480 px; save (a
 * stale board is told: 409), schedule the arrangement for a later time, and undo.
 */
export function FrontBoardPage({ front }: { front: string }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [slots, setSlots] = useState<BoardSlot[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [versions, setVersions] = useState<FrontVersion[] | null>(null);
  const [when, setWhen] = useState('');
  const [announce, setAnnounce] = useState('');

  const fetchBoard = useCallback(() => {
    setLoad({ status: 'loading' });
    frontsApi
      .board(front)
      .then((board) => {
        setLoad({ status: 'ready', board });
        setSlots(fromBoard(board));
        setDirty(false);
      })
      .catch((err) => setLoad({ status: 'error', msg: serverMsgOr(err, 'Förstasidan kunde inte hämtas.') }));
    frontsApi
      .versions(front)
      .then(setVersions)
      .catch(() => setVersions(null));
  }, [front]);
  useEffect(fetchBoard, [fetchBoard]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function change(next: BoardSlot[]) {
    setSlots(next);
    setDirty(true);
    setDone(null);
  }
  function moveSlot(from: number, to: number) {
    const next = move(slots, from, to);
    if (next === slots) return;
    change(next);
    const title = slots[from]?.article.title ?? '';
    setAnnounce(`”${title}” ligger nu på plats ${Math.max(0, Math.min(slots.length - 1, to)) + 1} av ${slots.length}.`);
  }
  function onDragEnd(e: DragEndEvent) {
    if (!e.over || e.active.id === e.over.id) return;
    const from = slots.findIndex((s) => s.articleId === e.active.id);
    const to = slots.findIndex((s) => s.articleId === e.over?.id);
    moveSlot(from, to);
  }
  function update(i: number, patch: Partial<BoardSlot>) {
    change(slots.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  }

  async function save() {
    if (load.status !== 'ready') return;
    setBusy(true);
    setError(null);
    try {
      await frontsApi.save(front, { version: load.board.version, slots: toInput(slots) });
      fetchBoard();
      setDone(FRONT_TEXT.saved);
    } catch (err) {
      setError(serverMsgOr(err, 'Förstasidan kunde inte sparas. Försök igen.'));
    }
    setBusy(false);
  }

  async function schedule() {
    const at = stockholmLocalToIso(when);
    if (!at) {
      setError('Ange datum och tid för ändringen');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await frontsApi.schedule(front, { apply_at: at, slots: toInput(slots) });
      setWhen('');
      fetchBoard();
      setDone(FRONT_TEXT.scheduled);
    } catch (err) {
      setError(serverMsgOr(err, 'Ändringen kunde inte schemaläggas. Försök igen.'));
    }
    setBusy(false);
  }

  async function cancelSchedule(id: number) {
    setBusy(true);
    try {
      await frontsApi.cancelSchedule(front, id);
      fetchBoard();
    } catch (err) {
      setError(serverMsgOr(err, 'Ändringen kunde inte tas bort.'));
    }
    setBusy(false);
  }

  async function restore(version: number) {
    if (load.status !== 'ready') return;
    setBusy(true);
    setError(null);
    try {
      await frontsApi.restore(front, version, load.board.version);
      fetchBoard();
      setDone(FRONT_TEXT.restored);
    } catch (err) {
      setError(serverMsgOr(err, 'Versionen kunde inte återställas.'));
    }
    setBusy(false);
  }

  const label = load.status === 'ready' ? load.board.label : front;
  const previous = versions?.find((v) => load.status === 'ready' && v.version < load.board.version);

  return (
    <div className="front-board">
      <Breadcrumbs trail={[{ to: '/admin/forstasidan', label: FRONT_TEXT.heading }]} current={label} />
      <h1 className="page-title">
        {FRONT_TEXT.heading}: {label}
      </h1>
      <DataState
        status={load.status}
        loading="Laddar förstasidan..."
        error={load.status === 'error' && load.msg}
        onRetry={fetchBoard}
      >
        {() =>
          load.status === 'ready' && (
            <div className="front-board-grid">
              <section className="front-board-main" aria-labelledby="front-slots-heading">
                <h2 id="front-slots-heading" className="front-section-title">
                  Fästa artiklar{' '}
                  <span className="muted">
                    ({slots.length} av {FRONT_SLOTS_MAX}) · version {load.board.version}
                  </span>
                </h2>
                <p className="muted front-help">
                  Dra i handtaget, eller fokusera det och tryck mellanslag och piltangenterna, eller använd knapparna
                  Flytta upp och Flytta ner. Den första artikeln är toppnyheten. Under de fästa artiklarna visas de
                  senaste artiklarna i tidsordning.
                </p>
                <p className="visually-hidden" aria-live="polite">
                  {announce}
                </p>
                {slots.length === 0 ? (
                  <p className="front-empty">{FRONT_TEXT.empty}</p>
                ) : (
                  <DndContext
                    sensors={sensors}
                    collisionDetection={closestCenter}
                    onDragEnd={onDragEnd}
                    accessibility={{
                      screenReaderInstructions: {
                        draggable:
                          'Tryck mellanslag för att lyfta artikeln, flytta den med piltangenterna och tryck mellanslag igen för att släppa den. Escape avbryter.',
                      },
                    }}
                  >
                    <SortableContext items={slots.map((s) => s.articleId)} strategy={verticalListSortingStrategy}>
                      <ol className="front-slots">
                        {slots.map((s, i) => (
                          <SlotRow
                            key={s.articleId}
                            slot={s}
                            index={i}
                            count={slots.length}
                            onMove={moveSlot}
                            onChange={(patch) => update(i, patch)}
                            onRemove={() => change(slots.filter((_, j) => j !== i))}
                          />
                        ))}
                      </ol>
                    </SortableContext>
                  </DndContext>
                )}
                <AddArticle
                  disabled={slots.length >= FRONT_SLOTS_MAX}
                  pinned={slots.map((s) => s.articleId)}
                  onAdd={(hit, asLead) => {
                    const slot: BoardSlot = {
                      articleId: hit.article.id,
                      size: asLead ? 'large' : 'medium',
                      headline: '',
                      teaser: '',
                      image: '',
                      article: hit.article,
                      visible: true,
                    };
                    change(asLead ? [slot, ...slots] : [...slots, slot]);
                    setAnnounce(`”${hit.article.title}” är fäst ${asLead ? 'som toppnyhet' : 'sist'}.`);
                  }}
                />
                <FormSuccess msg={done} />
                <FormError msg={error} />
                <div className="front-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={busy || !dirty}
                    onClick={() => void save()}
                  >
                    {busy ? 'Sparar...' : 'Spara förstasidan'}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={busy || !dirty}
                    onClick={fetchBoard}
                  >
                    Ångra osparade ändringar
                  </button>
                  {previous && (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={busy}
                      onClick={() => void restore(previous.version)}
                    >
                      Ångra senaste sparningen (tillbaka till version {previous.version})
                    </button>
                  )}
                  <a
                    className="button button-secondary button-small"
                    href={frontPath(front)}
                    target="_blank"
                    rel="noopener"
                  >
                    Visa sidan
                  </a>
                </div>

                <section className="front-schedule surface" aria-labelledby="front-schedule-heading">
                  <h2 id="front-schedule-heading" className="front-section-title">
                    Schemalägg ändringen
                  </h2>
                  <p className="muted">
                    Ordningen ovan (även osparad) blir förstasidan vid tiden du anger, t.ex. klockan 06:00.
                  </p>
                  <div className="front-schedule-row">
                    <label className="field">
                      <span>Tid (svensk tid)</span>
                      <input
                        className="control"
                        type="datetime-local"
                        value={when}
                        onChange={(e) => setWhen(e.target.value)}
                      />
                    </label>
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      onClick={() => void schedule()}
                    >
                      Schemalägg
                    </button>
                  </div>
                  {load.board.schedules.length > 0 && (
                    <ul className="front-schedules">
                      {load.board.schedules.map((s) => (
                        <li key={s.id}>
                          <time dateTime={s.apply_at}>{formatShortDateTime(s.apply_at)}</time>: {s.slots.length} fästa
                          artiklar (av {s.created_by}){' '}
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            disabled={busy}
                            onClick={() => void cancelSchedule(s.id)}
                          >
                            Ta bort
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </section>

                {versions && versions.length > 1 && (
                  <details className="front-versions">
                    <summary>Tidigare versioner</summary>
                    <ol>
                      {versions.map((v) => (
                        <li key={v.version}>
                          Version {v.version} · <time dateTime={v.created_at}>{formatShortDateTime(v.created_at)}</time>{' '}
                          · {v.created_by} · {v.slots.length} fästa{' '}
                          {v.version !== load.board.version && (
                            <button
                              type="button"
                              className="button button-secondary button-small"
                              disabled={busy}
                              onClick={() => void restore(v.version)}
                            >
                              Återställ
                            </button>
                          )}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
              </section>
              <FrontPreview slots={slots} />
            </div>
          )
        }
      </DataState>
    </div>
  );
}

function SlotRow({
  slot,
  index,
  count,
  onMove,
  onChange,
  onRemove,
}: {
  slot: BoardSlot;
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  onChange(patch: Partial<BoardSlot>): void;
  onRemove(): void;
}) {
  const ids = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: slot.articleId,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const title = slot.article.title;
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`front-slot surface${isDragging ? ' dragging' : ''}${index === 0 ? ' front-slot-lead' : ''}`}
      data-article-id={slot.articleId}
    >
      <div className="front-slot-head">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="front-handle"
          aria-label={`Dra ”${title}”`}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <span className="front-slot-place">{index === 0 ? FRONT_TEXT.lead : `Plats ${index + 1}`}</span>
        <strong className="front-slot-title">{title}</strong>
        {!slot.visible && <span className="front-hidden">Visas inte (inte publicerad)</span>}
      </div>
      <div className="front-slot-controls">
        <label>
          <span>Storlek</span>
          <select
            className="control"
            value={slot.size}
            onChange={(e) => onChange({ size: e.target.value as FrontSize })}
            aria-label={`Storlek för ”${title}”`}
          >
            {FRONT_SIZES.map((s) => (
              <option key={s} value={s}>
                {FRONT_SIZE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        {MOVES.map(([label, step]) => (
          <button
            key={label}
            type="button"
            className="button button-secondary button-small"
            disabled={index + step < 0 || index + step >= count}
            onClick={() => onMove(index, index + step)}
            aria-label={`${label} ”${title}”`}
          >
            {label}
          </button>
        ))}
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={onRemove}
          aria-label={`Ta bort ”${title}” från förstasidan`}
        >
          Ta bort
        </button>
      </div>
      <details className="front-slot-texts">
        <summary>Förstasidans rubrik, ingress och bild</summary>
        <label htmlFor={`${ids}-h`}>Rubrik på förstasidan (tomt = artikelns)</label>
        <input
          id={`${ids}-h`}
          className="control"
          value={slot.headline}
          maxLength={FRONT_HEADLINE_MAX}
          placeholder={title}
          onChange={(e) => onChange({ headline: e.target.value })}
        />
        <label htmlFor={`${ids}-t`}>Puff (tomt = artikelns utdrag)</label>
        <textarea
          id={`${ids}-t`}
          className="control"
          rows={2}
          value={slot.teaser}
          maxLength={FRONT_TEASER_MAX}
          onChange={(e) => onChange({ teaser: e.target.value })}
        />
        <label htmlFor={`${ids}-i`}>Bildadress (tomt = artikelns bild)</label>
        <input
          id={`${ids}-i`}
          className="control"
          value={slot.image}
          maxLength={2000}
          onChange={(e) => onChange({ image: e.target.value })}
        />
      </details>
    </li>
  );
}

function AddArticle({
  disabled,
  pinned,
  onAdd,
}: {
  disabled: boolean;
  pinned: number[];
  onAdd(hit: SearchHit, asLead: boolean): void;
}) {
  const ids = useId();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function search(e: React.FormEvent) {
    e.preventDefault();
    if (!q.trim()) return;
    setSearching(true);
    setError(null);
    try {
      setHits((await frontsApi.search(q.trim())).hits);
    } catch (err) {
      setError(serverMsgOr(err, 'Sökningen misslyckades. Försök igen.'));
    }
    setSearching(false);
  }

  return (
    <section className="front-add surface" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} className="front-section-title">
        Fäst en artikel
      </h2>
      <form className="front-add-form" onSubmit={(e) => void search(e)}>
        <label htmlFor={`${ids}-q`} className="visually-hidden">
          Sök publicerade artiklar
        </label>
        <input
          id={`${ids}-q`}
          className="control"
          type="search"
          placeholder="Sök publicerade artiklar"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={searching}>
          {searching ? 'Söker...' : 'Sök'}
        </button>
      </form>
      <FormError msg={error} />
      {disabled && <p className="muted">Förstasidan har redan {FRONT_SLOTS_MAX} fästa artiklar.</p>}
      {hits && hits.length === 0 && <p>Inga publicerade artiklar hittades.</p>}
      {hits && hits.length > 0 && (
        <ul className="front-hits">
          {hits.map((h) => {
            const already = pinned.includes(h.article.id);
            return (
              <li key={h.article.id}>
                <span>
                  {h.article.title} <span className="muted">· {formatShortDateTime(h.article.date)}</span>
                </span>
                <span className="front-hit-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={disabled || already}
                    onClick={() => onAdd(h, true)}
                    aria-label={`Fäst ”${h.article.title}” som toppnyhet`}
                  >
                    Som toppnyhet
                  </button>
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    disabled={disabled || already}
                    onClick={() => onAdd(h, false)}
                    aria-label={`Fäst ”${h.article.title}” sist`}
                  >
                    {already ? 'Redan fäst' : 'Fäst sist'}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
