import { type Meter, REVENUE_TEXT } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { getJson } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/**
 * Issue 42: "2 av 5 gratisartiklar kvar denna månad" under a subscriber article for a logged-in
 * reader with the meter on. The count is the server's (per account); asked for after hydration,
 * as everything per person on a cached page is (decision 002). No text is hidden by it.
 */
export function MeterNote({ show }: { show: boolean }) {
  const { status } = useSession();
  const [meter, setMeter] = useState<Meter | null>(null);
  useEffect(() => {
    if (!show || status !== 'authenticated') return;
    getJson<Meter>('/api/subscriptions/meter').then(setMeter, () => {});
  }, [show, status]);
  if (!meter || meter.left === null) return null;
  return (
    <p className="meter-note" role="status">
      {REVENUE_TEXT.meter(meter.left, meter.of)}
    </p>
  );
}
