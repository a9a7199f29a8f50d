import {
  AD_INQUIRY_TYPE_LABELS,
  INBOX_KIND_LABELS,
  INBOX_KINDS,
  INBOX_MSG,
  INBOX_RETENTION_DAYS,
  INBOX_STATUS_LABELS,
  type InboxItem,
  type InboxKind,
  type InboxList,
  type InboxStatus,
} from '@vaggen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FormError } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { inboxApi } from '../api';

type StatusFilter = InboxStatus | 'all';
const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'new', label: 'Nya' },
  { value: 'handled', label: 'Hanterade' },
  { value: 'all', label: 'Alla' },
];

const formatDate = (iso: string | null) => (iso ? formatDateTime(iso) : '');

const isKind = (v: string | null): v is InboxKind => !!v && (INBOX_KINDS as readonly string[]).includes(v);
const isStatus = (v: string | null): v is StatusFilter => v === 'new' || v === 'handled' || v === 'all';

function headline(item: InboxItem): string {
  if (item.kind === 'tip') return item.title;
  if (item.kind === 'ad') return `${item.company} – ${AD_INQUIRY_TYPE_LABELS[item.ad_type]}`;
  return item.name;
}

function sender(item: InboxItem): string {
  if (item.kind === 'tip') return item.anonymous ? 'Anonym källa' : (item.name ?? '');
  if (item.kind === 'ad') return `${item.name}, ${item.email}`;
  return item.email;
}

function preview(item: InboxItem): string {
  const text = item.kind === 'tip' ? item.details : item.kind === 'ad' ? (item.message ?? '') : item.message;
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
}

function Detail({
  item,
  saving,
  error,
  onToggle,
}: {
  item: InboxItem;
  saving: boolean;
  error: string | null;
  onToggle: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when another item opens
  useEffect(() => heading.current?.focus(), [item.kind, item.id]);
  return (
    <article className="inbox-detail" aria-labelledby="inbox-detail-title">
      <p className="inbox-detail-kind">
        {INBOX_KIND_LABELS[item.kind]} ·{' '}
        <span className={`inbox-status inbox-status-${item.status}`}>{INBOX_STATUS_LABELS[item.status]}</span>
      </p>
      <h2 id="inbox-detail-title" ref={heading} tabIndex={-1}>
        {headline(item)}
      </h2>
      <dl className="inbox-fields">
        <dt>Inkommet</dt>
        <dd>
          {formatDate(item.created_at)}
          {item.kind === 'tip' && item.anonymous && ' (avrundat till timme)'}
        </dd>
        {item.kind === 'tip' && item.anonymous && (
          <>
            <dt>Avsändare</dt>
            <dd>Anonym. Inga kontaktuppgifter, ingen IP-adress och inga webbläsaruppgifter sparades.</dd>
          </>
        )}
        {(item.kind === 'contact' || item.kind === 'ad' || (item.kind === 'tip' && !item.anonymous)) && (
          <>
            <dt>Namn</dt>
            <dd>{item.name}</dd>
          </>
        )}
        {item.kind === 'ad' && (
          <>
            <dt>Företag</dt>
            <dd>{item.company}</dd>
            <dt>Annonsform</dt>
            <dd>{AD_INQUIRY_TYPE_LABELS[item.ad_type]}</dd>
          </>
        )}
        {item.email && (
          <>
            <dt>E-post</dt>
            <dd>
              <a href={`mailto:${item.email}`}>{item.email}</a>
            </dd>
          </>
        )}
        {(item.kind === 'tip' || item.kind === 'ad') && item.phone && (
          <>
            <dt>Telefon</dt>
            <dd>
              <a href={`tel:${item.phone.replace(/[^\d+]/g, '')}`}>{item.phone}</a>
            </dd>
          </>
        )}
        {item.kind === 'tip' && (
          <>
            <dt>Underlag</dt>
            <dd>{item.evidence ? 'Ja, källan har underlag' : 'Nej'}</dd>
          </>
        )}
      </dl>
      <div className="inbox-body">
        {item.kind === 'tip' ? item.details : item.kind === 'ad' ? (item.message ?? 'Inget meddelande.') : item.message}
      </div>
      {item.status === 'handled' && (
        <p className="inbox-handled">
          Hanterad {formatDate(item.handled_at)}
          {item.handled_by ? ` av ${item.handled_by}` : ''}
        </p>
      )}
      <FormError msg={error} />
      <button
        type="button"
        className={item.status === 'new' ? 'button' : 'button button-secondary'}
        onClick={onToggle}
        disabled={saving}
      >
        {saving ? 'Sparar...' : item.status === 'new' ? 'Markera som hanterad' : 'Markera som ohanterad'}
      </button>
    </article>
  );
}

/** The newsroom's inbox (issue 6): contact messages, tips and ad inquiries; admins only. */
export function InboxPage() {
  const [params, setParams] = useSearchParams();
  const kind: InboxKind = isKind(params.get('typ')) ? (params.get('typ') as InboxKind) : 'tip';
  const status: StatusFilter = isStatus(params.get('status')) ? (params.get('status') as StatusFilter) : 'new';
  const openId = Number(params.get('id')) || null;

  const [list, setList] = useState<InboxList | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [opened, setOpened] = useState<InboxItem | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const generation = useRef(0);

  const load = useCallback(async () => {
    const gen = ++generation.current;
    setLoadError(false);
    setList(null);
    try {
      const res = await inboxApi.list(kind, status);
      if (gen === generation.current) setList(res);
    } catch (err) {
      console.error('loading the inbox failed', err);
      if (gen === generation.current) setLoadError(true);
    }
  }, [kind, status]);

  useEffect(() => {
    void load();
  }, [load]);

  // The opened item: from the list when it is there, else fetched (a shared link).
  useEffect(() => {
    setSaveError(null);
    if (!openId) {
      setOpened(null);
      return;
    }
    const inList = list?.items.find((i) => i.id === openId && i.kind === kind);
    if (inList) {
      setOpened(inList);
      return;
    }
    let live = true;
    inboxApi
      .get(kind, openId)
      .then((item) => live && setOpened(item))
      .catch(() => live && setOpened(null));
    return () => {
      live = false;
    };
  }, [openId, kind, list]);

  const go = (next: { typ?: InboxKind; status?: StatusFilter; id?: number | null }) => {
    const p = new URLSearchParams();
    p.set('typ', next.typ ?? kind);
    p.set('status', next.status ?? status);
    const id = next.id === undefined ? openId : next.id;
    if (id) p.set('id', String(id));
    setParams(p, { preventScrollReset: true });
  };

  async function more() {
    if (!list) return;
    setLoadingMore(true);
    try {
      const res = await inboxApi.list(kind, status, list.items.length);
      setList({ ...res, items: [...list.items, ...res.items] });
    } catch (err) {
      console.error('loading more failed', err);
      setLoadError(true);
    } finally {
      setLoadingMore(false);
    }
  }

  async function toggle(item: InboxItem) {
    setSaving(true);
    setSaveError(null);
    try {
      const updated = await inboxApi.setHandled(item.kind, item.id, item.status === 'new');
      setOpened(updated);
      setList((l) =>
        l
          ? {
              ...l,
              items: l.items.map((i) => (i.id === updated.id && i.kind === updated.kind ? updated : i)),
              unhandled: {
                ...l.unhandled,
                [updated.kind]: l.unhandled[updated.kind] + (updated.status === 'handled' ? -1 : 1),
              },
            }
          : l,
      );
    } catch (err) {
      setSaveError(err instanceof ApiError && err.serverMsg ? err.serverMsg : INBOX_MSG.sendFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="inbox-page">
      <Breadcrumbs current="Inkorg" />
      <h1 className="page-title">Inkorg</h1>
      <p className="inbox-retention">
        Hanterade ärenden raderas automatiskt {INBOX_RETENTION_DAYS} dagar efter att de markerats som hanterade (se
        integritetspolicyn).
      </p>
      <fieldset className="inbox-tabs">
        <legend className="visually-hidden">Typ av meddelande</legend>
        {INBOX_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={k === kind}
            className="inbox-tab"
            onClick={() => go({ typ: k, id: null })}
          >
            {INBOX_KIND_LABELS[k]}
            {list && list.unhandled[k] > 0 && (
              <span className="inbox-count">
                {list.unhandled[k]}
                <span className="visually-hidden"> nya</span>
              </span>
            )}
          </button>
        ))}
      </fieldset>
      <fieldset className="inbox-filters">
        <legend className="visually-hidden">Status</legend>
        {STATUS_FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className="inbox-filter"
            aria-pressed={f.value === status}
            onClick={() => go({ status: f.value, id: null })}
          >
            {f.label}
          </button>
        ))}
      </fieldset>

      <div className="inbox-layout">
        <div className="inbox-list-col">
          {loadError ? (
            <div className="form-error" role="alert">
              Det gick inte att hämta inkorgen.{' '}
              <button type="button" className="button button-small" onClick={() => void load()}>
                Försök igen
              </button>
            </div>
          ) : !list ? (
            <p className="session-loading" role="status">
              Laddar...
            </p>
          ) : list.items.length === 0 ? (
            <p className="inbox-empty">Inga meddelanden här.</p>
          ) : (
            <>
              <ul className="inbox-list">
                {list.items.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className="inbox-row"
                      aria-current={opened?.id === item.id && opened.kind === item.kind ? 'true' : undefined}
                      onClick={() => go({ id: item.id })}
                    >
                      <span className={`inbox-dot inbox-dot-${item.status}`} aria-hidden="true" />
                      <span className="inbox-row-main">
                        <span className="inbox-row-title">{headline(item)}</span>
                        <span className="inbox-row-meta">
                          {sender(item)} · <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
                          <span className="visually-hidden">, {INBOX_STATUS_LABELS[item.status]}</span>
                        </span>
                        <span className="inbox-row-preview">{preview(item)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              <p className="inbox-total">
                Visar {list.items.length} av {list.total}
              </p>
              {list.items.length < list.total && (
                <button type="button" className="button button-secondary" onClick={more} disabled={loadingMore}>
                  {loadingMore ? 'Laddar...' : 'Visa fler'}
                </button>
              )}
            </>
          )}
        </div>
        <div className="inbox-detail-col">
          {opened ? (
            <Detail item={opened} saving={saving} error={saveError} onToggle={() => void toggle(opened)} />
          ) : (
            <p className="inbox-placeholder">Välj ett meddelande i listan för att läsa det.</p>
          )}
        </div>
      </div>
    </div>
  );
}
