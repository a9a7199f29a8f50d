import { LIVE_TEXT, type LiveEntryPage } from '@vaggen/contract';
import { InlineStyle } from '../../../components/InlineStyle';
import liveCss from '../live.css?inline';
import { LiveReport } from './LiveReport';
import { PushButton } from './PushButton';

export interface LiveSlotProps {
  articleId: number;
  page: LiveEntryPage;
  endedAt: string | null;
}

/** Issue 44: a live report's section on its article page, with its styles (see slot.tsx). */
export default function LiveSection(props: LiveSlotProps) {
  return (
    <section className="live" aria-label="Direktrapport">
      <InlineStyle id="live-css" css={liveCss} />
      <p className="live-badge-line">
        <span className="badge badge-live">{LIVE_TEXT.badge}</span>
      </p>
      <PushButton />
      <LiveReport {...props} />
    </section>
  );
}
