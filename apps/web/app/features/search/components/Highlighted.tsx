import type { SearchSegment } from '@vaggen/contract';

/** Text with the search's hits in <mark>. */
export function Highlighted({ segments }: { segments: SearchSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <mark key={i}>{s.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
