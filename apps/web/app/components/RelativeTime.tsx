import { fullDateTime, relativeTime } from '../lib/relativeTime';

/** "för 5 minuter sedan", with the full date and time as its tooltip and machine-readable value. */
export function RelativeTime({ iso, now, className }: { iso: string; now: number; className?: string }) {
  return (
    <time className={className} dateTime={iso} title={fullDateTime(iso)}>
      {relativeTime(iso, now)}
    </time>
  );
}
