import {
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  type ArticleStatus,
  type ArticleSummary,
  type ArticleTotals,
  categoryLabel,
  displayName,
  formatShortDateTime,
  imageSrcSet,
  isAdmin,
  MSG,
  SUCCESS_MESSAGE_MS,
  type User,
} from '@vaggen/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { CategoryOptions } from '../../../components/CategoryOptions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataState } from '../../../components/DataState';
import { FormSuccess } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { articlePath } from '../../../lib/paths';
import { useFlash } from '../../../lib/useFlash';
import { newsroomApi } from '../api';
import { engagedText, useArticleTotals, viewsText } from '../hooks/useArticleTotals';
import { useNewsroomArticles } from '../hooks/useNewsroomArticles';
import { NEWSROOM_MSG } from '../messages';
import { BylineInvitationsPanel } from './BylineInvitationsPanel';

export const editPath = (id: number) => `/admin/articles/edit/${id}`;
export const previewPath = (id: number) => `/admin/articles/preview/${id}`;
/** Issue 43: an article's corrections in the newsroom. */
export const correctionsPath = (id: number) => `/admin/articles/${id}/rattelser`;

/** Status badge (issue 14); scheduled ones say when they go live. */
function StatusBadge({ article }: { article: ArticleSummary }) {
  return (
    <span className={`status-badge status-${article.status}`} data-status={article.status}>
      {ARTICLE_STATUS_LABELS[article.status]}
      {article.status === 'scheduled' && article.publish_at && (
        <>
          {' '}
          <time dateTime={article.publish_at}>{formatShortDateTime(article.publish_at)}</time>
        </>
      )}
    </span>
  );
}

/**
 * The article dashboard of spec 000 §2 (/admin): greeting, navigation, the permission-request
 * panel's place, a create button and the article table (cards at ≤ 480 px). Writers see only their
 * own articles (the server filters the list), admins all of them.
 */
/**
 * What other features put in the newsroom (the admin route composes them): the warning that no
 * mail leaves (admins), the permission-request panel.
 */
export interface DashboardSlots {
  /** Said to admins when no mail leaves (no SMTP_URL). */
  mailWarning: ReactNode;
  permissionRequests: (user: User) => ReactNode;
}

export function ArticleDashboard({ user, slots }: { user: User; slots: DashboardSlots }) {
  const admin = isAdmin(user);
  const [status, setStatus] = useState<ArticleStatus | ''>('');
  // Issue 41: search and filters (the words wait for a pause in the typing)
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [author, setAuthor] = useState<{ id: number; name: string } | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(t);
  }, [typed]);
  const list = useNewsroomArticles(user.id, {
    status: status || undefined,
    category: category || undefined,
    author: author ?? undefined,
    q: q || undefined,
  });
  const totals = useArticleTotals(list.articles.filter((a) => a.status === 'published').map((a) => a.id));
  const filterId = useId();
  const [pending, setPending] = useState<ArticleSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [alertText, setAlertText] = useState<string | null>(null);
  const [success, flashSuccess] = useFlash(SUCCESS_MESSAGE_MS);

  // Spec 000 §6 / §8: delete failures are shown as an alert, raised after the dialog has closed.
  useEffect(() => {
    if (!alertText) return;
    window.alert(alertText);
    setAlertText(null);
  }, [alertText]);

  async function confirmDelete() {
    if (!pending) return;
    const article = pending;
    setDeleting(true);
    try {
      await newsroomApi.remove(article.id);
      list.removeLocal(article.id);
      flashSuccess(NEWSROOM_MSG.deleted);
      setPending(null);
    } catch (err) {
      console.error('deleting the article failed', err);
      setPending(null);
      if (err instanceof ApiError && err.status === 403) {
        setAlertText(MSG.articleDeleteNotOwn);
      } else {
        setAlertText(MSG.articleDeleteFailed);
        if (err instanceof ApiError && err.status === 404) list.removeLocal(article.id); // already gone
      }
    } finally {
      setDeleting(false);
    }
  }

  const askDelete = (a: ArticleSummary) => setPending(a);

  return (
    <div className="newsroom">
      <header className="newsroom-head">
        <h1 className="page-title">Redaktionen</h1>
        <p className="newsroom-greeting">Hej, {displayName(user)}!</p>
        {/* the newsroom's menu is the shell above every newsroom page (issue 41) */}
        {admin && slots.mailWarning}
      </header>

      {/*
        Permission-request panel (spec 000 §2, notifications issue). This slot is filled by that
        issue; the newsroom leaves it empty. The panel itself decides what to show for which role.
      */}
      <section className="permission-requests-slot" data-slot="permission-requests">
        {slots.permissionRequests(user)}
      </section>

      <BylineInvitationsPanel onAccepted={list.reload} />

      <section className="newsroom-articles" aria-labelledby="newsroom-articles-title">
        <div className="newsroom-articles-head">
          <h2 id="newsroom-articles-title">{admin ? 'Alla artiklar' : 'Mina artiklar'}</h2>
          <Link className="button" to="/admin/articles/new">
            Skapa ny artikel
          </Link>
        </div>
        <p className="newsroom-note">{admin ? NEWSROOM_MSG.adminNote : NEWSROOM_MSG.writerNote}</p>
        <search className="newsroom-filters" aria-label="Sök och filtrera artiklarna">
          <div className="field newsroom-search">
            <label htmlFor={`${filterId}-q`}>Sök i rubrikerna</label>
            <input
              className="control"
              id={`${filterId}-q`}
              type="search"
              value={typed}
              maxLength={100}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${filterId}-category`}>Kategori</label>
            <select
              className="control"
              id={`${filterId}-category`}
              value={category}
              onChange={(e) => setCategory(e.target.value)}
            >
              <CategoryOptions empty="Alla" />
            </select>
          </div>
          <div className="field">
            <label htmlFor={filterId}>Status</label>
            <select
              className="control"
              id={filterId}
              value={status}
              onChange={(e) => setStatus(e.target.value as ArticleStatus | '')}
            >
              <option value="">Alla</option>
              {ARTICLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ARTICLE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          {author && (
            <p className="newsroom-author-filter">
              Skribent: <strong>{author.name}</strong>{' '}
              <button type="button" className="button button-secondary" onClick={() => setAuthor(null)}>
                Visa alla skribenter
              </button>
            </p>
          )}
        </search>
        <FormSuccess msg={success} />

        <DataState
          status={list.status}
          className="newsroom-state"
          loading={NEWSROOM_MSG.listLoading}
          error={MSG.errorLoadingArticles}
          onRetry={list.reload}
          isEmpty={list.articles.length === 0}
          empty={
            q || category || author
              ? 'Inga artiklar matchar sökningen.'
              : status
                ? `Inga artiklar med status ${ARTICLE_STATUS_LABELS[status].toLocaleLowerCase('sv-SE')}.`
                : admin
                  ? NEWSROOM_MSG.listEmptyAdmin
                  : NEWSROOM_MSG.listEmptyWriter
          }
          emptyClassName="newsroom-state empty"
        >
          {() => (
            <>
              <ArticleTable
                articles={list.articles}
                totals={totals}
                onDelete={askDelete}
                onAuthor={admin ? setAuthor : undefined}
              />
              <ArticleCards articles={list.articles} totals={totals} onDelete={askDelete} />
              {list.moreFailed && (
                <p className="form-error" role="alert">
                  {MSG.errorLoadingArticles}
                </p>
              )}
              {list.hasMore && (
                <div className="newsroom-more">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={list.loadMore}
                    disabled={list.loadingMore}
                  >
                    {list.loadingMore ? NEWSROOM_MSG.listLoading : 'Visa fler artiklar'}
                  </button>
                </div>
              )}
            </>
          )}
        </DataState>
      </section>

      <ConfirmDialog
        open={pending !== null}
        title="Ta bort artikel"
        confirmLabel="Ta bort"
        pendingLabel="Tar bort..."
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <>
            <p>Vill du ta bort artikeln ”{pending.title}”?</p>
            <p className="muted">Artikeln och dess kommentarer tas bort. Det går inte att ångra.</p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

type RowProps = {
  articles: ArticleSummary[];
  /** Issue 45: views and engaged time since publication (published articles the reader counted). */
  totals: Map<number, ArticleTotals>;
  onDelete: (a: ArticleSummary) => void;
  /** Admins: show only this writer's articles. */
  onAuthor?: (author: { id: number; name: string }) => void;
};

/** One of a row's action links: a small button that names the article for screen readers ("Redigera: <title>"). */
function ActionLink({ to, verb, title }: { to: string; verb: string; title: string }) {
  return (
    <Link className="button button-secondary button-small" to={to} aria-label={`${verb}: ${title}`}>
      {verb}
    </Link>
  );
}

function Actions({ article, onDelete }: { article: ArticleSummary; onDelete: (a: ArticleSummary) => void }) {
  return (
    <div className="newsroom-actions">
      {article.status === 'published' ? (
        <ActionLink to={articlePath(article)} verb="Visa" title={article.title} />
      ) : (
        <ActionLink to={previewPath(article.id)} verb="Förhandsgranska" title={article.title} />
      )}
      <ActionLink to={editPath(article.id)} verb="Redigera" title={article.title} />
      {article.status === 'published' && (
        <ActionLink to={correctionsPath(article.id)} verb="Rättelser" title={article.title} />
      )}
      <button
        type="button"
        className="button button-danger button-small"
        aria-label={`Ta bort: ${article.title}`}
        onClick={() => onDelete(article)}
      >
        Ta bort
      </button>
    </div>
  );
}

const statsPath = (id: number) => `/admin/statistik?artikel=${id}`;

/** A published article's views and engaged time, linked to its statistics; "–" before publication or any reader. */
function StatLink({ article, totals }: { article: ArticleSummary; totals: Map<number, ArticleTotals> }) {
  const t = totals.get(article.id);
  if (article.status !== 'published' || !t)
    return (
      <span title="Inga siffror ännu">
        –<span className="visually-hidden">Inga siffror ännu</span>
      </span>
    );
  return (
    <Link to={statsPath(article.id)} title={`Statistik: ${article.title}`}>
      {viewsText(t.views)}
      <span className="newsroom-num-sub">{engagedText(t.engaged_seconds_avg)} lästid</span>
    </Link>
  );
}

/** Wide screens: the table of spec 000 §2 (ID, title, category, writer, date, actions). */
function ArticleTable({ articles, totals, onDelete, onAuthor }: RowProps) {
  return (
    <div className="newsroom-table-wrap desktop-only">
      <table className="newsroom-table">
        <caption className="visually-hidden">Artiklar</caption>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Titel</th>
            <th scope="col">Kategori</th>
            <th scope="col">Status</th>
            <th scope="col">Skribent</th>
            <th scope="col">Datum</th>
            <th scope="col" className="newsroom-num">
              <abbr title="Sidvisningar sedan publiceringen och aktiv lästid per visning, i snitt">Visningar</abbr>
            </th>
            <th scope="col">Åtgärder</th>
          </tr>
        </thead>
        <tbody>
          {articles.map((a) => (
            <tr key={a.id} data-article-id={a.id}>
              <td className="newsroom-id">{a.id}</td>
              <td className="newsroom-title">
                <Link to={editPath(a.id)}>{a.title}</Link>
              </td>
              <td>{categoryLabel(a.category)}</td>
              <td>
                <StatusBadge article={a} />
              </td>
              <td>
                {onAuthor && a.author_id !== null ? (
                  <button
                    type="button"
                    className="link-button"
                    title="Visa bara den här skribentens artiklar"
                    onClick={() => onAuthor({ id: a.author_id as number, name: a.author_display_name || a.author })}
                  >
                    {a.author_display_name || a.author}
                  </button>
                ) : (
                  a.author_display_name || a.author
                )}
              </td>
              <td>
                <time dateTime={a.date}>{formatShortDateTime(a.date)}</time>
              </td>
              <td className="newsroom-num">
                <StatLink article={a} totals={totals} />
              </td>
              <td>
                <Actions article={a} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** At 480 px or less: one card per article instead of the table. */
function ArticleCards({ articles, totals, onDelete }: RowProps) {
  return (
    <ul className="newsroom-cards mobile-only" aria-label="Artiklar">
      {articles.map((a) => (
        <li key={a.id} className="newsroom-card" data-article-id={a.id}>
          {a.featured_image && (
            <img
              className="newsroom-card-image"
              src={a.featured_image}
              srcSet={imageSrcSet(a.featured_image)}
              sizes="96px"
              alt=""
              width={96}
              height={64}
              loading="lazy"
            />
          )}
          <div className="newsroom-card-body">
            <p className="newsroom-card-meta">
              <span className="badge">{categoryLabel(a.category)}</span>
              <StatusBadge article={a} />
              <span>#{a.id}</span>
            </p>
            <h3 className="newsroom-card-title">
              <Link to={editPath(a.id)}>{a.title}</Link>
            </h3>
            <p className="newsroom-card-byline">
              {a.author_display_name || a.author} · <time dateTime={a.date}>{formatShortDateTime(a.date)}</time>
            </p>
            {totals.has(a.id) && (
              <p className="newsroom-card-stats">
                <Link to={statsPath(a.id)}>
                  {viewsText(totals.get(a.id)?.views ?? 0)} visningar ·{' '}
                  {engagedText(totals.get(a.id)?.engaged_seconds_avg ?? 0)} lästid
                </Link>
              </p>
            )}
          </div>
          <Actions article={a} onDelete={onDelete} />
        </li>
      ))}
    </ul>
  );
}
