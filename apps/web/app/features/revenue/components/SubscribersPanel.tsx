import {
  formatSek,
  REVENUE_TEXT,
  type RevenueSummary,
  SUBSCRIPTION_STATUSES,
  type SubscriberRow,
  type SubscriptionStatus,
} from '@vaggen/contract';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataState } from '../../../components/DataState';
import { FormError } from '../../../components/FormField';
import { LoadMore } from '../../../components/LoadMore';
import { TableHead } from '../../../components/TableHead';
import { ApiError, serverMsgOr } from '../../../lib/api';
import { numericCursor, useCursorList } from '../../../lib/cursor-list';
import { formatDate } from '../../../lib/format';
import { saveFile } from '../../../lib/save-file';
import { revenueApi } from '../api';
import { RevenueHistoryPanel } from './RevenueHistoryPanel';

const SOURCE: Record<string, string> = {
  stripe: 'Stripe',
  complimentary: 'Gratis',
  manual: 'Manuell',
  gift: 'Present',
};

/** The figures at the top: how many by status, and the monthly recurring revenue. */
function Summary({ summary }: { summary: RevenueSummary }) {
  const order: SubscriptionStatus[] = ['active', 'trialing', 'past_due', 'canceled', 'ended'];
  return (
    <>
      <dl className="revenue-figures">
        <div className="surface">
          <dt>Månadsintäkt (MRR)</dt>
          <dd>{formatSek(summary.mrr_sek)}</dd>
        </div>
        {order.map((s) => (
          <div className="surface" key={s}>
            <dt>{REVENUE_TEXT.status[s]}</dt>
            <dd>{summary.counts[s] ?? 0}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        MRR räknas inklusive moms på betalande abonnemang via Stripe; årsabonnemang som en tolftedel.
      </p>
      <h3>Artiklar som gav prenumerationer</h3>
      {summary.conversions.length === 0 ? (
        <p>Inga prenumerationer har startat från en artikel ännu.</p>
      ) : (
        <ol className="revenue-conversions">
          {summary.conversions.map((c) => (
            <li key={c.article_id}>
              {c.slug ? (
                <Link to={`/article/${encodeURIComponent(c.slug)}`}>{c.title}</Link>
              ) : (
                <span className="muted">Borttagen artikel (id {c.article_id})</span>
              )}{' '}
              – {c.subscriptions} {c.subscriptions === 1 ? 'prenumeration' : 'prenumerationer'}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

const subscriberId = (r: SubscriberRow) => r.id;

/**
 * Issue 42: the newsroom's subscribers on `/admin/prenumerationer` — the figures (counts by status,
 * MRR, the articles subscriptions started from), the list searchable by username or account id and
 * filtered by status, paged by cursor (50 at a time, at any size), one reader's history by clicking
 * their name, and the CSV of every subscription.
 */
export function SubscribersPanel() {
  const ids = useId();
  const [summary, setSummary] = useState<RevenueSummary | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ q: '', status: '' });
  const [csvError, setCsvError] = useState<string | null>(null);
  const [csvBusy, setCsvBusy] = useState(false);

  const loadSummary = useCallback(() => {
    setSummaryError(null);
    revenueApi
      .summary()
      .then(setSummary)
      .catch((err) => setSummaryError(serverMsgOr(err, 'Det gick inte att hämta siffrorna')));
  }, []);
  useEffect(loadSummary, [loadSummary]);

  // one query per search and status filter: a new one starts the list afresh (an older answer,
  // or a "Visa fler" of the earlier query, never lands in it)
  const fetchSubscribers = useMemo(
    () =>
      numericCursor((after) =>
        revenueApi.subscribers({ after, q: query.q || undefined, status: query.status || undefined }),
      ),
    [query],
  );
  const list = useCursorList<SubscriberRow>(`${query.status}\n${query.q}`, fetchSubscribers, subscriberId);

  async function downloadCsv() {
    setCsvBusy(true);
    setCsvError(null);
    try {
      const { blob, filename } = await revenueApi.subscribersCsv();
      saveFile(blob, filename ?? 'prenumeranter.csv');
    } catch (err) {
      setCsvError(serverMsgOr(err, 'Det gick inte att hämta filen'));
    } finally {
      setCsvBusy(false);
    }
  }

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQuery((q) => ({ ...q, q: typed.trim() }));
  };
  const showHistory = (r: SubscriberRow) => {
    setTyped(String(r.user_id));
    setQuery({ q: String(r.user_id), status: '' });
  };

  return (
    <section className="subscribers-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Prenumeranter och intäkter</h2>
      <DataState
        status={summaryError ? 'error' : summary === null ? 'loading' : 'ready'}
        loading="Hämtar siffrorna…"
        error={<FormError msg={summaryError} />}
        onRetry={loadSummary}
      >
        {() => summary && <Summary summary={summary} />}
      </DataState>
      <RevenueHistoryPanel />

      <h3>Alla prenumerationer</h3>
      <search aria-label="Sök prenumeranter">
        <form className="subscribers-filters" onSubmit={search}>
          <div className="field">
            <label htmlFor={`${ids}-q`}>Användarnamn eller konto-id</label>
            <input
              id={`${ids}-q`}
              className="control"
              type="search"
              maxLength={100}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-status`}>Status</label>
            <select
              id={`${ids}-status`}
              className="control"
              value={query.status}
              onChange={(e) => setQuery((q) => ({ ...q, status: e.target.value }))}
            >
              <option value="">Alla</option>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {REVENUE_TEXT.status[s]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Sök
          </button>
          {query.q && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setTyped('');
                setQuery((q) => ({ ...q, q: '' }));
              }}
            >
              Visa alla
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={downloadCsv} disabled={csvBusy}>
            {csvBusy ? 'Hämtar…' : 'Ladda ner CSV'}
          </button>
        </form>
      </search>
      <FormError msg={csvError} />
      <DataState
        status={list.status}
        loading="Hämtar prenumeranterna…"
        error={<FormError msg={serverMsgOr(list.error, 'Det gick inte att hämta prenumeranterna')} />}
        onRetry={list.reload}
        isEmpty={list.items.length === 0}
        empty={query.q ? `Inga prenumerationer för ”${query.q}”.` : 'Inga prenumerationer ännu.'}
      >
        {() => (
          <>
            <div className="table-scroll">
              <table className="plans-table subscribers-table">
                <caption className="visually-hidden">Prenumerationer, nyast först</caption>
                <TableHead columns={['Läsare', 'Plan', 'Status', 'Källa', 'Gäller till', 'Startad']} />
                <tbody>
                  {list.items.map((r) => (
                    <tr key={r.id}>
                      <td>
                        <button
                          type="button"
                          className="link-button"
                          onClick={() => showHistory(r)}
                          title="Visa läsarens alla prenumerationer"
                        >
                          {r.username || `konto ${r.user_id}`}
                        </button>
                      </td>
                      <td>
                        {r.plan_name}
                        {r.interval && <span className="muted"> ({r.interval === 'year' ? 'år' : 'månad'})</span>}
                      </td>
                      <td>
                        {REVENUE_TEXT.status[r.status]}
                        {!r.has_access && r.status !== 'ended' && <span className="muted"> (ingen tillgång)</span>}
                      </td>
                      <td>{SOURCE[r.source] ?? r.source}</td>
                      <td>{r.current_period_end ? formatDate(r.current_period_end) : '–'}</td>
                      <td>{formatDate(r.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore list={list} failText="Det gick inte att hämta fler prenumeranter." />
          </>
        )}
      </DataState>
    </section>
  );
}
