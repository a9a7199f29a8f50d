import { useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_TEXT,
  type AnalyticsRealtime,
  type ArticleStats,
  REFERRER_KINDS,
  REFERRER_LABELS,
  type ReferrerDomain,
  stockholmDay,
  type User,
} from '@vaggen/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataState } from '../../../components/DataState';
import { ScrollTable } from '../../../components/ScrollTable';
import { saveFile } from '../../../lib/save-file';
import { analyticsApi, type SeriesQuery } from '../api';
import type { ChartRow } from './TimeChart';

const TimeChart = lazy(() => import('./TimeChart'));

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The real-time panel's refresh interval. */
const REALTIME_EVERY_MS = 5_000;

type Load<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * One panel's data through the tab's query client (issue 39: live widgets through TanStack Query):
 * `key` names what it asks for; `everyMs` polls while the tab is visible. A failed refresh keeps
 * what was shown; a first load that failed shows the error with "Försök igen".
 */
function useLoad<T>(key: readonly unknown[], load: () => Promise<T>, everyMs?: number): [Load<T>, () => void] {
  const q = useQuery({ queryKey: ['analytics', ...key], queryFn: load, refetchInterval: everyMs });
  const state: Load<T> =
    q.data !== undefined
      ? { status: 'ready', data: q.data }
      : q.isError && !q.isFetching
        ? { status: 'error' }
        : { status: 'loading' };
  return [state, () => void q.refetch()];
}

const nf = new Intl.NumberFormat('sv-SE');
const hourLabel = (t: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(t));
const dayLabel = (t: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
    new Date(`${t}T00:00:00Z`),
  );

function RealtimePanel() {
  const [rt, retry] = useLoad<AnalyticsRealtime>(['realtime'], analyticsApi.realtime, REALTIME_EVERY_MS);
  const total = rt.status === 'ready' ? REFERRER_KINDS.reduce((n, k) => n + rt.data.referrers[k], 0) : 0;
  return (
    <section className="stat-card surface" aria-labelledby="stat-now">
      <h2 id="stat-now">{ANALYTICS_TEXT.realtime}</h2>
      <DataState
        status={rt.status}
        loading={ANALYTICS_TEXT.loading}
        error={ANALYTICS_TEXT.error}
        onRetry={retry}
        className="stat-state"
      >
        {() => {
          if (rt.status !== 'ready') return null;
          const d = rt.data;
          return (
            <div className="stat-now">
              <p className="stat-big" aria-live="polite">
                <span className="stat-number">{nf.format(d.readers_5min)}</span>
                <span className="stat-caption">{ANALYTICS_TEXT.readers5min}</span>
              </p>
              <div>
                <h3>{ANALYTICS_TEXT.topNow}</h3>
                {d.articles.length === 0 ? (
                  <p className="stat-empty">{ANALYTICS_TEXT.empty}</p>
                ) : (
                  <ol className="stat-top">
                    {d.articles.map((a) => (
                      <li key={a.articleId}>
                        <Link to={`/admin/articles/edit/${a.articleId}`}>{a.title}</Link>
                        <span className="stat-count">{nf.format(a.readers_5min)}</span>
                      </li>
                    ))}
                  </ol>
                )}
              </div>
              <div>
                <h3>{ANALYTICS_TEXT.referrersNow}</h3>
                <ul className="stat-bars">
                  {REFERRER_KINDS.map((k) => (
                    <li key={k}>
                      <span className="stat-bar-label">{REFERRER_LABELS[k]}</span>
                      <span className="stat-bar" aria-hidden="true">
                        <span style={{ width: `${total ? (d.referrers[k] / total) * 100 : 0}%` }} />
                      </span>
                      <span className="stat-count">{nf.format(d.referrers[k])}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          );
        }}
      </DataState>
    </section>
  );
}

/** Two ranges of the same length, the current ending now and the one before it. */
function ranges(bucket: 'hour' | 'day', now: number, articleId?: number): [SeriesQuery, SeriesQuery] {
  if (bucket === 'hour') {
    const to = new Date(now).toISOString();
    return [
      { bucket, from: new Date(now - 47 * HOUR).toISOString(), to, articleId },
      { bucket, from: new Date(now - 95 * HOUR).toISOString(), to: new Date(now - 48 * HOUR).toISOString(), articleId },
    ];
  }
  return [
    { bucket, from: stockholmDay(now - 89 * DAY), to: stockholmDay(now), articleId },
    { bucket, from: stockholmDay(now - 179 * DAY), to: stockholmDay(now - 90 * DAY), articleId },
  ];
}

function SeriesSection({
  id,
  title,
  bucket,
  articleId,
}: {
  id: string;
  title: string;
  bucket: 'hour' | 'day';
  articleId?: number;
}) {
  const [now] = useState(() => Date.now());
  const [cur, prev] = ranges(bucket, now, articleId);
  const [series, retry] = useLoad(['series', cur, prev], () =>
    Promise.all([analyticsApi.timeseries(cur), analyticsApi.timeseries(prev)]),
  );
  const label = bucket === 'hour' ? hourLabel : dayLabel;
  const download = async () => {
    const { blob } = await analyticsApi.csv('timeseries', cur);
    saveFile(blob, `sidvisningar-per-${bucket === 'hour' ? 'timme' : 'dag'}.csv`);
  };
  return (
    <section className="stat-card surface" aria-labelledby={id}>
      <div className="stat-head">
        <h2 id={id}>{title}</h2>
        <button type="button" className="button button-secondary" onClick={() => void download()}>
          {ANALYTICS_TEXT.csv}
        </button>
      </div>
      <DataState
        status={series.status}
        loading={ANALYTICS_TEXT.loading}
        error={ANALYTICS_TEXT.error}
        onRetry={retry}
        className="stat-state"
      >
        {() => {
          if (series.status !== 'ready') return null;
          const [c, p] = series.data;
          const rows: ChartRow[] = c.map((pt, i) => ({
            label: label(pt.t),
            current: pt.value,
            previous: p[i]?.value ?? 0,
          }));
          const sum = (xs: { value: number }[]) => xs.reduce((n, x) => n + x.value, 0);
          return (
            <>
              <p className="stat-sum">
                {ANALYTICS_TEXT.current}: <strong>{nf.format(sum(c))}</strong> · {ANALYTICS_TEXT.previous}:{' '}
                {nf.format(sum(p))}
              </p>
              <Suspense fallback={<div className="stat-chart stat-chart-wait" />}>
                <TimeChart rows={rows} currentLabel={ANALYTICS_TEXT.current} previousLabel={ANALYTICS_TEXT.previous} />
              </Suspense>
              <details className="stat-table-box">
                <summary>{ANALYTICS_TEXT.showTable}</summary>
                <ScrollTable label={title} caption={title} className="stat-table-scroll" tableClassName="stat-table">
                  <thead>
                    <tr>
                      <th scope="col">{bucket === 'hour' ? 'Timme' : 'Dag'}</th>
                      <th scope="col">{ANALYTICS_TEXT.current}</th>
                      <th scope="col">{ANALYTICS_TEXT.previous}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.map((pt, i) => (
                      <tr key={pt.t}>
                        <th scope="row">{rows[i].label}</th>
                        <td>{nf.format(pt.value)}</td>
                        <td>{nf.format(rows[i].previous)}</td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollTable>
              </details>
            </>
          );
        }}
      </DataState>
    </section>
  );
}

/** A list with its heading, a CSV button, and the loading, error and empty states around it. */
function ListPanel<T>({
  id,
  title,
  list,
  retry,
  onDownload,
  empty = ANALYTICS_TEXT.empty,
  children,
}: {
  id: string;
  title: string;
  list: Load<T[]>;
  retry: () => void;
  onDownload: () => Promise<void>;
  empty?: string;
  children: () => ReactNode;
}) {
  return (
    <section className="stat-card surface" aria-labelledby={id}>
      <div className="stat-head">
        <h2 id={id}>{title}</h2>
        <button type="button" className="button button-secondary" onClick={() => void onDownload()}>
          {ANALYTICS_TEXT.csv}
        </button>
      </div>
      <DataState
        status={list.status}
        isEmpty={list.status === 'ready' && list.data.length === 0}
        loading={ANALYTICS_TEXT.loading}
        error={ANALYTICS_TEXT.error}
        onRetry={retry}
        empty={empty}
        emptyClassName="stat-empty"
        className="stat-state"
      >
        {children}
      </DataState>
    </section>
  );
}

function TopArticles() {
  const [now] = useState(() => Date.now());
  const q = { from: stockholmDay(now - 6 * DAY), to: stockholmDay(now), limit: 20 };
  const [list, retry] = useLoad<ArticleStats[]>(['articles', q], () => analyticsApi.articles(q));
  const download = async () => {
    const { blob } = await analyticsApi.csv('articles', q);
    saveFile(blob, 'artiklar-7-dagar.csv');
  };
  const topRef = (a: ArticleStats) => {
    const k = [...REFERRER_KINDS].sort((x, y) => a.referrers[y] - a.referrers[x])[0];
    return a.referrers[k] > 0 ? REFERRER_LABELS[k] : '–';
  };
  return (
    <ListPanel id="stat-top" title={ANALYTICS_TEXT.topArticles} list={list} retry={retry} onDownload={download}>
      {() =>
        list.status === 'ready' && (
          <ScrollTable
            label={ANALYTICS_TEXT.topArticles}
            caption={ANALYTICS_TEXT.topArticles}
            className="stat-table-scroll"
            tableClassName="stat-table"
          >
            <thead>
              <tr>
                <th scope="col">Artikel</th>
                <th scope="col">{ANALYTICS_TEXT.views}</th>
                <th scope="col">{ANALYTICS_TEXT.engagedAvg}</th>
                <th scope="col">Främst från</th>
                <th scope="col">Nyhetsbrev / konton / prenumerationer</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((a) => (
                <tr key={a.articleId}>
                  <th scope="row">
                    <Link to={`/admin/articles/edit/${a.articleId}`}>{a.title}</Link>
                  </th>
                  <td>{nf.format(a.views)}</td>
                  <td>{nf.format(a.engaged_seconds_avg)}</td>
                  <td>{topRef(a)}</td>
                  <td>
                    {a.conversions.newsletter} / {a.conversions.registrations} / {a.conversions.subscriptions}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )
      }
    </ListPanel>
  );
}

/** Issue 45: the other sites readers came from, last 30 days (the site's, or one article's). */
function ReferrerDomainsPanel({ articleId }: { articleId?: number }) {
  const [now] = useState(() => Date.now());
  const q = { from: stockholmDay(now - 29 * DAY), to: stockholmDay(now), articleId };
  const [list, retry] = useLoad<ReferrerDomain[]>(['referrers', q], () => analyticsApi.referrers(q));
  const download = async () => {
    const { blob } = await analyticsApi.csv('referrers', q);
    saveFile(blob, articleId ? `sajter-artikel-${articleId}.csv` : 'sajter-30-dagar.csv');
  };
  const max = list.status === 'ready' ? Math.max(1, ...list.data.map((d) => d.views)) : 1;
  return (
    <ListPanel
      id="stat-domains"
      title={ANALYTICS_TEXT.domains}
      list={list}
      retry={retry}
      onDownload={download}
      empty={ANALYTICS_TEXT.domainsEmpty}
    >
      {() =>
        list.status === 'ready' && (
          <table className="stat-table stat-domains">
            <caption className="visually-hidden">{ANALYTICS_TEXT.domains}</caption>
            <thead>
              <tr>
                <th scope="col">{ANALYTICS_TEXT.domain}</th>
                <td className="stat-domain-bar" />
                <th scope="col">{ANALYTICS_TEXT.views}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((d) => (
                <tr key={d.domain}>
                  <th scope="row" className="stat-domain">
                    {d.domain}
                  </th>
                  <td className="stat-domain-bar" aria-hidden="true">
                    <span className="stat-bar">
                      <span style={{ width: `${(d.views / max) * 100}%` }} />
                    </span>
                  </td>
                  <td>{nf.format(d.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </ListPanel>
  );
}

/** One article since it was first read (its lifetime in the daily grain): where its readers came from. */
function ArticleSummaryPanel({ articleId }: { articleId: number }) {
  const [stats, retry] = useLoad<ArticleStats[]>(['article', articleId], () =>
    analyticsApi.articles({ articleId, from: stockholmDay(Date.now() - 3650 * DAY), limit: 1 }),
  );
  return (
    <section className="stat-card surface" aria-labelledby="stat-article">
      <DataState
        status={stats.status}
        loading={ANALYTICS_TEXT.loading}
        error={ANALYTICS_TEXT.error}
        onRetry={retry}
        className="stat-state"
      >
        {() => {
          if (stats.status !== 'ready') return null;
          const a = stats.data[0];
          if (!a)
            return (
              <>
                <h2 id="stat-article">Artikel {articleId}</h2>
                <p className="stat-empty">{ANALYTICS_TEXT.empty}</p>
              </>
            );
          return (
            <>
              <h2 id="stat-article">{a.title}</h2>
              <p className="stat-sum">
                {ANALYTICS_TEXT.views}: <strong>{nf.format(a.views)}</strong> · {ANALYTICS_TEXT.engagedAvg}:{' '}
                <strong>{nf.format(a.engaged_seconds_avg)}</strong> · Nyhetsbrev / konton / prenumerationer:{' '}
                {a.conversions.newsletter} / {a.conversions.registrations} / {a.conversions.subscriptions}
              </p>
              <h3>Varifrån läsarna kom</h3>
              <ul className="stat-bars">
                {REFERRER_KINDS.map((k) => (
                  <li key={k}>
                    <span className="stat-bar-label">{REFERRER_LABELS[k]}</span>
                    <span className="stat-bar" aria-hidden="true">
                      <span style={{ width: `${a.views ? (a.referrers[k] / a.views) * 100 : 0}%` }} />
                    </span>
                    <span className="stat-count">{nf.format(a.referrers[k])}</span>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </DataState>
    </section>
  );
}

/** Issue 45: `/admin/statistik` — what readers read now and over time (writers: their own articles). */
export function StatisticsPage({ user }: { user: User }) {
  const [params] = useSearchParams();
  const articleId = Number(params.get('artikel'));
  if (Number.isSafeInteger(articleId) && articleId > 0)
    return (
      <div className="statistics">
        <header className="stat-page-head">
          <Breadcrumbs trail={[{ to: '/admin/statistik', label: ANALYTICS_TEXT.title }]} current="En artikel" />
          <h1 className="page-title">{ANALYTICS_TEXT.title}</h1>
          <nav className="subnav" aria-label="Statistik">
            <Link to="/admin/statistik">Hela statistiken</Link>
            <Link to={`/admin/articles/edit/${articleId}`}>Redigera artikeln</Link>
          </nav>
        </header>
        <ArticleSummaryPanel articleId={articleId} />
        <SeriesSection id="stat-hourly" title={ANALYTICS_TEXT.hourly} bucket="hour" articleId={articleId} />
        <SeriesSection id="stat-daily" title={ANALYTICS_TEXT.daily} bucket="day" articleId={articleId} />
        <ReferrerDomainsPanel articleId={articleId} />
      </div>
    );
  return (
    <div className="statistics">
      <header className="stat-page-head">
        <Breadcrumbs current={ANALYTICS_TEXT.title} />
        <h1 className="page-title">{ANALYTICS_TEXT.title}</h1>
        <p className="stat-note">
          {user.account_type === 'admin'
            ? 'Hela tidningen. Räknat utan kakor och utan att något om läsarna sparas.'
            : 'Dina egna artiklar. Räknat utan kakor och utan att något om läsarna sparas.'}
        </p>
      </header>
      <RealtimePanel />
      <SeriesSection id="stat-hourly" title={ANALYTICS_TEXT.hourly} bucket="hour" />
      <SeriesSection id="stat-daily" title={ANALYTICS_TEXT.daily} bucket="day" />
      <TopArticles />
      <ReferrerDomainsPanel />
    </div>
  );
}
