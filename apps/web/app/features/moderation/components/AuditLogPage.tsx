import { AUDIT_ACTION_LABELS, type AuditEntry, formatShortDateTime, type User } from '@vaggen/contract';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { moderationApi } from '../api';
import { useCursorList } from '../hooks/useCursorList';
import { LoadMore } from './LoadMore';
import { ModerationHeader } from './ModerationNav';

const entryId = (e: AuditEntry) => e.id;

/** What an entry is about: the comment, the article (linked), the ban. */
function Subject({ entry }: { entry: AuditEntry }) {
  const parts: React.ReactNode[] = [];
  if (entry.comment_id !== null) parts.push(<span key="c">Kommentar {entry.comment_id}</span>);
  if (entry.article_id !== null) {
    parts.push(
      <Link key="a" to={`/articles/${entry.article_id}`}>
        Artikel {entry.article_id}
      </Link>,
    );
  }
  if (entry.ban_id !== null) parts.push(<span key="b">Avstängning {entry.ban_id}</span>);
  if (parts.length === 0) return <>–</>;
  return <>{parts.flatMap((p, i) => (i === 0 ? [p] : [', ', p]))}</>;
}

/**
 * The moderation log (issue 16, admins): every action, who took it and when, newest first,
 * paged by cursor ("Visa fler"). A table on wide screens, labelled rows at 480 px.
 */
export function AuditLogPage({ user }: { user: User }) {
  const fetchPage = useCallback((cursor: string | null) => moderationApi.audit(cursor), []);
  const list = useCursorList<AuditEntry>('log', fetchPage, entryId);

  return (
    <div className="mod-page">
      <ModerationHeader user={user} title="Moderationslogg" />
      <p className="mod-intro">Varje åtgärd i modereringen sparas här: vem, vad och när.</p>
      {list.status === 'loading' ? (
        <p className="mod-state" role="status">
          Laddar...
        </p>
      ) : list.status === 'error' ? (
        <div className="mod-state" role="alert">
          <p className="form-error">Det gick inte att hämta loggen.</p>
          <button type="button" className="button button-secondary" onClick={list.reload}>
            Försök igen
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <p className="mod-state mod-empty">Inga åtgärder ännu.</p>
      ) : (
        <>
          <table className="mod-table">
            <caption className="visually-hidden">Modereringsåtgärder, senaste först</caption>
            <thead>
              <tr>
                <th scope="col">När</th>
                <th scope="col">Vem</th>
                <th scope="col">Åtgärd</th>
                <th scope="col">Gäller</th>
                <th scope="col">Detaljer</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((e) => (
                <tr key={e.id}>
                  <td data-label="När">
                    <time dateTime={e.created_at}>{formatShortDateTime(e.created_at)}</time>
                  </td>
                  <td data-label="Vem">{e.actor_name ?? 'Systemet'}</td>
                  <td data-label="Åtgärd">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</td>
                  <td data-label="Gäller">
                    <Subject entry={e} />
                  </td>
                  <td data-label="Detaljer">{e.detail ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <LoadMore list={list} failText="Det gick inte att hämta fler rader." />
        </>
      )}
    </div>
  );
}
