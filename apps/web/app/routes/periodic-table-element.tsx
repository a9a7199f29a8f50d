import { elementNumberFromIdentifier } from '@vaggen/contract';
import { redirect } from 'react-router';
import type { Route } from './+types/periodic-table-element';

/**
 * /periodic-table/{symbol or atomic number} → /periodic-table?element=N (spec 001 §2). An identifier that
 * names no element falls back to the plain table.
 */
export function loader({ params }: Route.LoaderArgs) {
  // The parameter arrives decoded: decoding it again threw on a "%" (issue 40: /periodic-table/%25 was a 500).
  const n = elementNumberFromIdentifier(params.elementIdentifier ?? '');
  return redirect(n === null ? '/periodic-table' : `/periodic-table?element=${n}`);
}

export default function PeriodicTableElement() {
  return null;
}
