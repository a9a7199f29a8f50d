import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { REPORT_REASON_OPTIONS, reportErrorText } from './report-texts';

const FAIL = 'Det gick inte att skicka anmälan.';

describe('report error texts (issue 16)', () => {
  it("shows the server's message for a refused report", () => {
    expect(reportErrorText(new ApiError(404, 'Kommentaren finns inte', 'Kommentaren finns inte'), FAIL)).toBe(
      'Kommentaren finns inte',
    );
  });

  it('says how long to wait after too many reports', () => {
    const withMsg = new ApiError(429, 'x', 'För många anmälningar. Försök igen om 2 minuter.', 120);
    expect(reportErrorText(withMsg, FAIL)).toBe('För många anmälningar. Försök igen om 2 minuter.');
    const bare = new ApiError(429, 'Too Many Requests Försök igen om 1 minut.', undefined, 60);
    expect(reportErrorText(bare, FAIL)).toBe('Du har gjort det för många gånger på kort tid. Försök igen om 1 minut.');
    expect(reportErrorText(new ApiError(429, 'Too Many Requests'), FAIL)).toBe(
      'Du har gjort det för många gånger på kort tid. Försök igen senare.',
    );
  });

  it('falls back to our text for server errors and network failures', () => {
    expect(reportErrorText(new ApiError(500, 'Internal', 'boom'), FAIL)).toBe(FAIL);
    expect(reportErrorText(new TypeError('Failed to fetch'), FAIL)).toBe(FAIL);
  });
});

describe('report choices', () => {
  it('offers the five reasons of the issue, in order', () => {
    expect(REPORT_REASON_OPTIONS.map((o) => o.label)).toEqual([
      'Spam',
      'Hat eller hot',
      'Personangrepp',
      'Olagligt innehåll',
      'Annat',
    ]);
  });
});
