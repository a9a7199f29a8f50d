import { formatShortDateTime, LIVE_TEXT, type LiveEntry, type LiveEntryPage } from '@vaggen/contract';
import { useLiveUpdates } from '../useLiveUpdates';

const time = (iso: string) => formatShortDateTime(iso).slice(11);

function Entry({ entry }: { entry: LiveEntry }) {
  return (
    <li className="live-entry" id={`inlagg-${entry.id}`} data-entry-id={entry.id}>
      <p className="live-entry-meta">
        <time dateTime={entry.created_at}>{time(entry.created_at)}</time>
        <span className="live-entry-author">{entry.author_display_name}</span>
        {entry.edited_at && <span className="live-entry-edited">{LIVE_TEXT.edited(time(entry.edited_at))}</span>}
      </p>
      {/* cleaned by the server's allow-list when it was written (articles' cleanArticleHtml) */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's cleaned HTML */}
      <div className="live-entry-body" dangerouslySetInnerHTML={{ __html: entry.content }} />
    </li>
  );
}

/**
 * A live report's entries: "Viktigast just nu" (the pinned ones), then every entry newest first.
 * On the server and while hydrating it shows the page's snapshot; then it follows the stream and
 * offers the new entries behind a "N nya inlägg" button instead of moving the text.
 */
export function LiveReport({
  articleId,
  page,
  endedAt,
}: {
  articleId: number;
  page: LiveEntryPage;
  endedAt: string | null;
}) {
  const state = useLiveUpdates(articleId, page, endedAt);
  return (
    <div className="live-report" data-following={state.following || undefined}>
      {state.endedAt && (
        <p className="live-ended" role="status">
          {LIVE_TEXT.ended}
        </p>
      )}
      {state.pinned.length > 0 && (
        <section className="live-pinned" aria-labelledby="live-pinned-title">
          <h2 id="live-pinned-title">{LIVE_TEXT.pinnedHeading}</h2>
          <ul>
            {state.pinned.map((e) => (
              <li key={e.id}>
                <a href={`#inlagg-${e.id}`}>
                  <time dateTime={e.created_at}>{time(e.created_at)}</time>{' '}
                  {e.content
                    .replace(/<[^>]*>/g, ' ')
                    .replace(/\s+/g, ' ')
                    .trim()
                    .slice(0, 200)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h2 className="live-heading">{LIVE_TEXT.entriesHeading}</h2>
      <div className="live-new" aria-live="polite">
        {state.waiting > 0 && (
          <button type="button" className="live-new-button" onClick={state.showNew}>
            {LIVE_TEXT.newEntries(state.waiting)}
          </button>
        )}
      </div>
      {state.entries.length === 0 ? (
        <p className="live-state">{LIVE_TEXT.empty}</p>
      ) : (
        <ol className="live-entries">
          {state.entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ol>
      )}
      {state.more && (
        <button type="button" className="live-more" onClick={state.loadMore}>
          {LIVE_TEXT.more}
        </button>
      )}
    </div>
  );
}
