import { CORRECTIONS_PATH, DSA_TRANSPARENCY_PATH } from '@vaggen/contract';
import { Link } from 'react-router';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/principer';

/** Issue 43: `/principer` — the paper's policies as its admins wrote them (the JSON-LD points here). */
export async function loader({ context }: Route.LoaderArgs) {
  return { policies: await context.reader.policies(), origin: context.origin };
}

export const meta = ({ data }: Route.MetaArgs) =>
  pageMeta({
    title: 'Våra principer',
    description: 'Väggens publicistiska principer, etik, rättelser, ägande och hur du lämnar synpunkter.',
    url: `${data?.origin ?? ''}/principer`,
  });

/** Paragraphs split at blank lines; single line breaks kept as spaces. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);

export default function Policies({ loaderData }: Route.ComponentProps) {
  return (
    <section className="corrections-page">
      <h1 className="page-title">Våra principer</h1>
      {loaderData.policies.map((p) => (
        <section key={p.key} aria-labelledby={p.anchor}>
          <h2 id={p.anchor}>{p.title}</h2>
          {paragraphs(p.text).map((t) => (
            <p key={t}>{t}</p>
          ))}
        </section>
      ))}
      <p>
        Se också <Link to={CORRECTIONS_PATH}>Rättelser</Link>,{' '}
        <Link to={DSA_TRANSPARENCY_PATH}>transparensrapporten</Link> och <Link to="/about">Om oss</Link>.
      </p>
    </section>
  );
}
