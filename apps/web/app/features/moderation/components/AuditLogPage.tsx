import { AUDIT_ACTION_LABELS, type AuditEntry, formatShortDateTime, type User } from '@vaggen/contract';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { DataState } from '../../../components/DataState';
import { LoadMore } from '../../../components/LoadMore';
import { TableHead } from '../../../components/TableHead';
import { useCursorList } from '../../../lib/cursor-list';
import { moderationApi } from '../api';
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
      <DataState
        status={list.status}
        className="mod-state"
        loading={'Laddar...'}
        error={'Det gick inte att hämta loggen.'}
        onRetry={list.reload}
        isEmpty={list.items.length === 0}
        empty={'Inga åtgärder ännu.'}
        emptyClassName="mod-state mod-empty"
      >
        {() => (
          <>
            <table className="mod-table">
              <caption className="visually-hidden">Modereringsåtgärder, senaste först</caption>
              <TableHead columns={['När', 'Vem', 'Åtgärd', 'Gäller', 'Detaljer']} />
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
      </DataState>
    </div>
  );
}
