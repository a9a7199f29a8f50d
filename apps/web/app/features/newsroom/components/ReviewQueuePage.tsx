import {
  type ArticleSummary,
  categoryLabel,
  formatShortDateTime,
  REVIEW_COMMENT_MAX,
  REVIEW_TEXT,
  type ReviewDecision,
} from '@vaggen/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataState } from '../../../components/DataState';
import { FormError, FormSuccess } from '../../../components/FormField';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { ApiError } from '../../../lib/api';
import { reviewApi } from '../review-api';
import { stockholmLocalToIso } from '../schedule';

type Item = Omit<ArticleSummary, 'content'>;
type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: Item[]; next: string | null };

/**
 * `/admin/granskning` (issue 41, admin): the articles writers sent for review, oldest first, paged
 * with the server's cursor. Each can be published (asks first), scheduled or sent back with a comment.
 */
export function ReviewQueuePage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [publishing, setPublishing] = useState<Item | null>(null);
  const [returning, setReturning] = useState<Item | null>(null);
  const [when, setWhen] = useState<Record<number, string>>({});

  const fetchFirst = useCallback(() => {
    setLoad({ status: 'loading' });
    reviewApi
      .queue()
      .then((p) => setLoad({ status: 'ready', items: p.items, next: p.next }))
      .catch(() => setLoad({ status: 'error' }));
  }, []);
  useEffect(fetchFirst, [fetchFirst]);

  async function loadMore() {
    if (load.status !== 'ready' || !load.next) return;
    setMore(true);
    try {
      const p = await reviewApi.queue(load.next);
      setLoad({ status: 'ready', items: [...load.items, ...p.items], next: p.next });
    } catch {
      setError('Fler artiklar kunde inte hämtas. Försök igen.');
    }
    setMore(false);
  }

  async function decide(item: Item, decision: ReviewDecision, extra: { comment?: string; publish_at?: string } = {}) {
    setPending(true);
    setError(null);
    try {
      await reviewApi.decide(item.id, { decision, ...extra });
      setLoad((l) => (l.status === 'ready' ? { ...l, items: l.items.filter((a) => a.id !== item.id) } : l));
      setDone(
        decision === 'publish'
          ? `”${item.title}” är publicerad.`
          : decision === 'schedule'
            ? `”${item.title}” är schemalagd.`
            : `”${item.title}” är skickad tillbaka till skribenten.`,
      );
      setPublishing(null);
      setReturning(null);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Beslutet kunde inte sparas. Försök igen.');
    }
    setPending(false);
  }

  function schedule(item: Item) {
    const at = stockholmLocalToIso(when[item.id] ?? '');
    if (!at) {
      setError('Ange datum och tid för publiceringen');
      return;
    }
    void decide(item, 'schedule', { publish_at: at });
  }

  return (
    <div className="review-queue">
      <Breadcrumbs current={REVIEW_TEXT.queueHeading} />
      <h1 className="page-title">{REVIEW_TEXT.queueHeading}</h1>
      <ReviewSetting />
      <FormSuccess msg={done} />
      <FormError msg={error} />
      <DataState
        status={load.status}
        loading="Laddar artiklar..."
        error="Granskningskön kunde inte hämtas."
        onRetry={fetchFirst}
        inline
        isEmpty={load.status === 'ready' && load.items.length === 0}
        empty={REVIEW_TEXT.queueEmpty}
      >
        {() =>
          load.status === 'ready' && (
            <>
              <ul className="review-list">
                {load.items.map((a) => (
                  <li key={a.id} className="review-item surface" data-article-id={a.id}>
                    <h2 className="review-title">
                      <Link to={`/admin/articles/preview/${a.id}`} target="_blank" rel="noopener">
                        {a.title}
                      </Link>
                    </h2>
                    <p className="muted">
                      {categoryLabel(a.category)} · {a.author_display_name} · sparad {formatShortDateTime(a.updated_at)}
                    </p>
                    <div className="review-actions">
                      <button
                        type="button"
                        className="button button-small"
                        disabled={pending}
                        onClick={() => setPublishing(a)}
                      >
                        {REVIEW_TEXT.approve}
                      </button>
                      <label className="review-when">
                        <span>Publiceringstid (svensk tid)</span>
                        <input
                          className="control"
                          type="datetime-local"
                          value={when[a.id] ?? ''}
                          onChange={(e) => setWhen((w) => ({ ...w, [a.id]: e.target.value }))}
                        />
                      </label>
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        disabled={pending}
                        onClick={() => schedule(a)}
                      >
                        {REVIEW_TEXT.scheduleAction}
                      </button>
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        disabled={pending}
                        onClick={() => setReturning(a)}
                      >
                        {REVIEW_TEXT.returnAction}
                      </button>
                      <Link className="button button-secondary button-small" to={`/admin/articles/edit/${a.id}`}>
                        Redigera
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
              {load.next && (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={more}
                  onClick={() => void loadMore()}
                >
                  {more ? 'Laddar...' : 'Visa fler'}
                </button>
              )}
            </>
          )
        }
      </DataState>
      <ConfirmDialog
        open={publishing !== null}
        title="Publicera artikeln?"
        confirmLabel="Publicera nu"
        pending={pending}
        onConfirm={() => publishing && void decide(publishing, 'publish')}
        onCancel={() => setPublishing(null)}
      >
        <p>”{publishing?.title}” blir synlig för alla läsare direkt, och skribenten får veta det.</p>
      </ConfirmDialog>
      <ReasonDialog
        open={returning !== null}
        subject={returning?.title}
        pending={pending}
        title={REVIEW_TEXT.returnAction}
        placeholder={REVIEW_TEXT.commentLabel}
        maxLength={REVIEW_COMMENT_MAX}
        requiredMsg={REVIEW_TEXT.returnNeedsComment}
        submitLabel={REVIEW_TEXT.returnAction}
        pendingLabel="Skickar..."
        onSubmit={(comment) => returning && void decide(returning, 'return', { comment })}
        onCancel={() => setReturning(null)}
      />
    </div>
  );
}

/** The paper-wide setting (issue 41): writers' articles are reviewed before they are published. */
function ReviewSetting() {
  const [on, setOn] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    reviewApi
      .settings()
      .then((s) => setOn(s.review_required))
      .catch(() => setError('Inställningen kunde inte hämtas.'));
  }, []);
  async function toggle(next: boolean) {
    setSaving(true);
    setError(null);
    try {
      setOn((await reviewApi.setReviewRequired(next)).review_required);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Inställningen kunde inte sparas.');
    }
    setSaving(false);
  }
  return (
    <div className="review-setting surface">
      <label>
        <input
          type="checkbox"
          checked={on ?? false}
          disabled={on === null || saving}
          onChange={(e) => void toggle(e.target.checked)}
        />{' '}
        {REVIEW_TEXT.settingLabel}
      </label>
      <p className="muted">
        {on
          ? 'Skribenter skickar sina artiklar hit i stället för att publicera dem. Administratörer publicerar direkt.'
          : 'Av: skribenter publicerar själva.'}
      </p>
      <FormError msg={error} />
    </div>
  );
}
