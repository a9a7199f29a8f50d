import type { NewsletterOverview, NewsletterSubscriber } from '@vaggen/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/FormField';
import { TableHead } from '../../../components/TableHead';
import { ApiError } from '../../../lib/api';
import { formatDateTime as dateTime } from '../../../lib/format';
import { newsletterApi } from '../api';

const STATUS: Record<string, string> = {
  sending: 'Skickas',
  sent: 'Skickat',
  pending: 'Väntar',
  confirmed: 'Bekräftad',
};
const errorText = (err: unknown) =>
  err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Det gick inte att hämta uppgifterna. Försök igen.';

/** Admin: Morgonbrevet's subscribers, the last sends and a test to oneself (issue 21). */
export function AdminNewsletterPage() {
  const [overview, setOverview] = useState<NewsletterOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<NewsletterSubscriber[]>([]);
  const [next, setNext] = useState<number | null>(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; msg: string } | null>(null);
  const [sending, setSending] = useState(false);

  const more = useCallback(async (after: number) => {
    setLoadingMore(true);
    try {
      const page = await newsletterApi.subscribers(after);
      setRows((r) => (after === 0 ? page.items : [...r, ...page.items]));
      setNext(page.next);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setLoadingMore(false);
    }
  }, []);

  useEffect(() => {
    newsletterApi
      .overview()
      .then(setOverview)
      .catch((err) => setError(errorText(err)));
    void more(0);
  }, [more]);

  async function sendTest() {
    setSending(true);
    setTest(null);
    try {
      setTest({ ok: true, msg: (await newsletterApi.sendTest()).msg });
    } catch (err) {
      setTest({ ok: false, msg: errorText(err) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="newsletter-admin">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> / Morgonbrevet
      </p>
      <h1 className="page-title">Morgonbrevet</h1>
      <FormError msg={error} />
      {!overview && !error && <p className="muted">Laddar...</p>}
      {overview && (
        <>
          {!overview.mail.configured && (
            <p className="newsletter-notice" role="note">
              {overview.mail.msg}
            </p>
          )}
          <dl className="newsletter-counts">
            <div>
              <dt>Bekräftade prenumeranter</dt>
              <dd>{overview.confirmed}</dd>
            </div>
            <div>
              <dt>Väntar på bekräftelse</dt>
              <dd>{overview.pending}</dd>
            </div>
            <div>
              <dt>Nästa utskick</dt>
              <dd className="newsletter-next">{dateTime(overview.next_send_at)}</dd>
            </div>
          </dl>
          <div className="newsletter-test">
            <button type="button" className="button" onClick={() => void sendTest()} disabled={sending}>
              {sending ? 'Skickar...' : 'Skicka ett test till mig'}
            </button>
            {test && (
              <p className={test.ok ? 'form-success' : 'form-error'} role={test.ok ? 'status' : 'alert'}>
                {test.msg}
              </p>
            )}
          </div>
          <h2>Senaste utskicken</h2>
          {overview.issues.length === 0 ? (
            <p className="muted">Inga utskick ännu. Det första går klockan 07.00.</p>
          ) : (
            <div className="table-scroll">
              <table className="newsletter-table">
                <TableHead columns={['Datum', 'Mottagare', 'Artiklar', 'Status']} />
                <tbody>
                  {overview.issues.map((i) => (
                    <tr key={i.day}>
                      <td>{i.day}</td>
                      <td>{i.recipients}</td>
                      <td>{i.articles}</td>
                      <td>{STATUS[i.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <h2>Prenumeranter</h2>
      {rows.length === 0 && !loadingMore ? (
        <p className="muted">Inga prenumeranter ännu.</p>
      ) : (
        <div className="table-scroll">
          <table className="newsletter-table">
            <TableHead columns={['E-postadress', 'Status', 'Anmäld', 'Konto']} />
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td className="newsletter-email">{s.email}</td>
                  <td>{STATUS[s.status]}</td>
                  <td>{dateTime(s.created_at)}</td>
                  <td>{s.has_account ? 'Ja' : 'Nej'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loadingMore && <p className="muted">Laddar...</p>}
      {next !== null && next > 0 && !loadingMore && (
        <button type="button" className="button button-secondary" onClick={() => void more(next)}>
          Visa fler
        </button>
      )}
    </div>
  );
}
