import { formatSek, type GiftAdminRow, monthsText, REVENUE_TEXT } from '@vaggen/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { DataState } from '../../../components/DataState';
import { FormError } from '../../../components/FormField';
import { serverMsgOr } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { revenueApi } from '../api';

/**
 * Issue 42: gift subscriptions in the newsroom (`/admin/prenumerationer`) — every gift paid, newest
 * first, 50 at a time by cursor: buyer, plan and months, price, recipient, status, who redeemed it.
 */
export function GiftsAdmin() {
  const ids = useId();
  const [rows, setRows] = useState<GiftAdminRow[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(false);

  const load = useCallback(() => {
    let live = true;
    setRows(null);
    setError(null);
    revenueApi
      .newsroomGifts(null)
      .then((page) => {
        if (!live) return;
        setRows(page.items);
        setNext(page.next);
      })
      .catch((err) => live && setError(serverMsgOr(err, 'Det gick inte att hämta presentprenumerationerna')));
    return () => {
      live = false;
    };
  }, []);
  useEffect(load, [load]);

  async function loadMore() {
    if (next === null) return;
    setMore(true);
    try {
      const page = await revenueApi.newsroomGifts(next);
      setRows((r) => [...(r ?? []), ...page.items]);
      setNext(page.next);
    } catch (err) {
      setError(serverMsgOr(err, 'Det gick inte att hämta fler'));
    } finally {
      setMore(false);
    }
  }

  const who = (id: number | null, name: string | null) =>
    id === null ? <span className="muted">borttaget konto</span> : (name ?? `konto ${id}`);

  return (
    <section className="gifts-admin" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{REVENUE_TEXT.giftAdminHeading}</h2>
      <p className="muted">
        Köpta presentprenumerationer, nyast först. De betalas en gång och ger mottagaren tillgång i den köpta perioden
        från att de löses in; de räknas inte i MRR.
      </p>
      <DataState
        status={error && rows === null ? 'error' : rows === null ? 'loading' : 'ready'}
        loading="Hämtar presentprenumerationerna…"
        error={<FormError msg={error} />}
        onRetry={load}
        isEmpty={rows?.length === 0}
        empty="Inga presentprenumerationer har köpts ännu."
      >
        {() => (
          <>
            <div className="table-scroll">
              <table className="plans-table gifts-table">
                <caption className="visually-hidden">Presentprenumerationer, nyast först</caption>
                <thead>
                  <tr>
                    <th scope="col">Köpt</th>
                    <th scope="col">Köpare</th>
                    <th scope="col">Plan</th>
                    <th scope="col">Pris</th>
                    <th scope="col">Mottagare</th>
                    <th scope="col">Status</th>
                    <th scope="col">Inlöst av</th>
                  </tr>
                </thead>
                <tbody>
                  {rows?.map((g) => (
                    <tr key={g.id}>
                      <td>{formatDate(g.created_at)}</td>
                      <td>{who(g.buyer_id, g.buyer)}</td>
                      <td>
                        {g.plan_name}, {monthsText(g.months)}
                      </td>
                      <td>{formatSek(g.amount_sek)}</td>
                      <td>{g.recipient_email ?? <span className="muted">–</span>}</td>
                      <td>
                        {REVENUE_TEXT.giftStatus[g.status]}
                        {g.status === 'available' && (
                          <span className="muted"> (till och med {formatDate(g.expires_at)})</span>
                        )}
                      </td>
                      <td>
                        {g.redeemed_at ? (
                          <>
                            {who(g.redeemed_by, g.redeemer)} <span className="muted">{formatDate(g.redeemed_at)}</span>
                          </>
                        ) : (
                          <span className="muted">–</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <FormError msg={rows !== null ? error : null} />
            {next !== null && (
              <button type="button" className="button button-secondary" onClick={loadMore} disabled={more}>
                {more ? 'Hämtar…' : 'Visa fler'}
              </button>
            )}
          </>
        )}
      </DataState>
    </section>
  );
}
