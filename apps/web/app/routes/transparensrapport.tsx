import { data } from 'react-router';
import { TransparencyReportView } from '../features/dsa/components/TransparencyReportView';
import styles from '../features/dsa/dsa.css?url';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/transparensrapport';

export const links = () => [{ rel: 'stylesheet', href: styles }];

/** Issue 43: `/transparensrapport?from=&to=` — the DSA transparency report (default: this year so far). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const today = new Date().toISOString().slice(0, 10);
  const from = (params.get('from') || `${today.slice(0, 4)}-01-01`).slice(0, 10);
  const to = (params.get('to') || today).slice(0, 10);
  try {
    return { report: await context.reader.transparency(from, to), error: null, origin: context.origin };
  } catch (err) {
    const msg = err instanceof Error ? err.message : 'Rapporten kunde inte tas fram';
    return data({ report: null, error: msg, origin: context.origin }, { status: 400 });
  }
}

export const meta = ({ data: d }: Route.MetaArgs) =>
  pageMeta({
    title: 'Transparensrapport',
    description: 'Hur Väggen hanterar anmälningar om olagligt innehåll, beslut och överklaganden (DSA).',
    url: `${d?.origin ?? ''}/transparensrapport`,
  });

/** Issue 46: an island page (root.tsx): static text, only the shell's islands hydrate. */
export const handle = { islands: true };

export default function TransparencyRoute({ loaderData }: Route.ComponentProps) {
  return (
    <section className="dsa-page">
      <h1 className="page-title">Transparensrapport</h1>
      <p>
        Enligt EU:s förordning om digitala tjänster (DSA) redovisar vi hur vi hanterar anmälningar om olagligt innehåll
        i kommentarerna, vilka beslut vi fattar, hur lång tid det tar och hur överklaganden avgörs.
      </p>
      {loaderData.report ? (
        <TransparencyReportView report={loaderData.report} />
      ) : (
        <p className="form-error" role="alert">
          {loaderData.error}
        </p>
      )}
    </section>
  );
}
