import { describe, expect, it } from 'vitest';
import { wasUpdated } from './ArticleView';

const at = (iso: string) => iso;
const base = { status: 'published' as const, date: at('2026-11-25T05:00:00.000Z') };

describe('"Uppdaterad" beside the date', () => {
  it('shows for a published article saved again well after it went live', () => {
    expect(wasUpdated({ ...base, version: 2, updated_at: at('2026-11-25T06:00:00.000Z') })).toBe(true);
  });
  it('does not show for a first version stored after its publish time (imports, the demo paper)', () => {
    expect(wasUpdated({ ...base, version: 1, updated_at: at('2026-11-25T06:00:00.000Z') })).toBe(false);
  });
  it('does not show for a save within the minute of publishing, nor for an unpublished article', () => {
    expect(wasUpdated({ ...base, version: 3, updated_at: at('2026-11-25T05:00:30.000Z') })).toBe(false);
    expect(wasUpdated({ ...base, status: 'draft', version: 3, updated_at: at('2026-11-25T06:00:00.000Z') })).toBe(
      false,
    );
  });
});
