import { formatSek, type GiftAdminRow, monthsText, REVENUE_TEXT } from '@vaggen/contract';
import { useId } from 'react';
import { DataState } from '../../../components/DataState';
import { FormError } from '../../../components/FormField';
import { LoadMore } from '../../../components/LoadMore';
import { TableHead } from '../../../components/TableHead';
import { serverMsgOr } from '../../../lib/api';
import { numericCursor, useCursorList } from '../../../lib/cursor-list';
import { formatDate } from '../../../lib/format';
import { revenueApi } from '../api';

const fetchGifts = numericCursor(revenueApi.newsroomGifts);
const giftId = (g: GiftAdminRow) => g.id;

/**
 * Issue 42: gift subscriptions in the newsroom (`/admin/prenumerationer`) — every gift paid, newest
 * first, 50 at a time by cursor: buyer, plan and months, price, recipient, status, who redeemed it.
 */
export function GiftsAdmin() {
  const ids = useId();
  const list = useCursorList<GiftAdminRow>('gifts', fetchGifts, giftId);

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
        status={list.status}
        loading="Hämtar presentprenumerationerna…"
        error={<FormError msg={serverMsgOr(list.error, 'Det gick inte att hämta presentprenumerationerna')} />}
        onRetry={list.reload}
        isEmpty={list.items.length === 0}
        empty="Inga presentprenumerationer har köpts ännu."
      >
        {() => (
          <>
            <div className="table-scroll">
              <table className="plans-table gifts-table">
                <caption className="visually-hidden">Presentprenumerationer, nyast först</caption>
                <TableHead columns={['Köpt', 'Köpare', 'Plan', 'Pris', 'Mottagare', 'Status', 'Inlöst av']} />
                <tbody>
                  {list.items.map((g) => (
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
            <LoadMore list={list} failText="Det gick inte att hämta fler presentprenumerationer." />
          </>
        )}
      </DataState>
    </section>
  );
}
