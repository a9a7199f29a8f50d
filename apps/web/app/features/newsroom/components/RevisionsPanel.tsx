import {
  ARTICLE_STATUS_LABELS,
  type Article,
  type ArticleRevision,
  type ArticleRevisionSummary,
  categoryLabel,
  formatShortDateTime,
  MSG,
  NEWSROOM_TEXT,
  type NewsroomArticle,
} from '@vaggen/contract';
import DOMPurify from 'dompurify';
import { useState } from 'react';
import { DataState } from '../../../components/DataState';
import { FormError } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { newsroomApi } from '../api';

type Load = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; list: ArticleRevisionSummary[] };

/**
 * Every saved version of the article (issue 14): who saved it and when; one can be shown and
 * restored (a restore is itself a new save, so it can be undone the same way).
 */
export function RevisionsPanel({ article, onRestored }: { article: Article; onRestored(a: NewsroomArticle): void }) {
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [shown, setShown] = useState<ArticleRevision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function fetchList() {
    setLoad({ status: 'loading' });
    newsroomApi
      .revisions(article.id)
      .then((list) => setLoad({ status: 'ready', list }))
      .catch(() => setLoad({ status: 'error' }));
  }

  async function show(id: number) {
    setError(null);
    try {
      setShown(await newsroomApi.revision(article.id, id));
    } catch {
      setError(MSG.errorLoadingArticle);
    }
  }

  async function restore(id: number) {
    setBusy(true);
    setError(null);
    try {
      onRestored(await newsroomApi.restore(article.id, id, article.version));
    } catch (err) {
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : NEWSROOM_TEXT.conflictPlain);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details
      className="revisions"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) fetchList();
      }}
    >
      <summary>Versioner</summary>
      {load.status !== 'idle' && (
        <DataState
          status={load.status}
          loading="Laddar versioner..."
          error="Versionerna kunde inte hämtas."
          onRetry={fetchList}
          inline
          isEmpty={load.status === 'ready' && load.list.length === 0}
          empty="Inga sparade versioner ännu."
        >
          {() =>
            load.status === 'ready' && (
              <ol className="revisions-list">
                {load.list.map((r) => (
                  <li key={r.id} data-revision-id={r.id}>
                    <span className="revision-meta">
                      <strong>Version {r.version}</strong> ·{' '}
                      <time dateTime={r.created_at}>{formatShortDateTime(r.created_at)}</time> · {r.user_name} ·{' '}
                      {ARTICLE_STATUS_LABELS[r.status]}
                    </span>
                    <span className="revision-title">{r.title}</span>
                    {r.note && <span className="revision-note">{r.note}</span>}
                    <span className="newsroom-actions">
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={() => void show(r.id)}
                        aria-label={`Visa version ${r.version}`}
                      >
                        Visa
                      </button>
                      {r.version !== article.version && (
                        <button
                          type="button"
                          className="button button-small"
                          disabled={busy}
                          onClick={() => void restore(r.id)}
                          aria-label={`Återställ version ${r.version}`}
                        >
                          Återställ
                        </button>
                      )}
                    </span>
                  </li>
                ))}
              </ol>
            )
          }
        </DataState>
      )}
      <FormError msg={error} />
      {shown && (
        <section className="revision-view" aria-label={`Version ${shown.version}`}>
          <h3>
            Version {shown.version}: {shown.title}
          </h3>
          <p className="muted">
            {categoryLabel(shown.category)}
            {shown.tags.length > 0 && ` · ${shown.tags.map((t) => `#${t}`).join(' ')}`}
          </p>
          <div
            className="article-content"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned on save and again here
            dangerouslySetInnerHTML={{
              __html:
                typeof window !== 'undefined' && DOMPurify.isSupported
                  ? DOMPurify.sanitize(shown.content, { FORBID_ATTR: ['style'] })
                  : '',
            }}
          />
          <button type="button" className="button button-secondary button-small" onClick={() => setShown(null)}>
            Stäng
          </button>
        </section>
      )}
    </details>
  );
}
