import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { actionErrorText, REJECT_PRESETS, reasonText } from './texts';

describe('moderation error texts (issue 16)', () => {
  it("shows the server's message for a refused queue action, else a general text", () => {
    expect(actionErrorText(new ApiError(403, 'x', 'Du får bara granska kommentarer på dina egna artiklar'))).toBe(
      'Du får bara granska kommentarer på dina egna artiklar',
    );
    expect(actionErrorText(new Error('offline'))).toBe('Det gick inte att spara. Försök igen.');
  });
});

describe('queue reasons in words', () => {
  it('names the reason and its detail', () => {
    expect(reasonText({ code: 'suspect-word', detail: 'idioterna' })).toBe('Misstänkt ord: idioterna');
    expect(reasonText({ code: 'links', detail: '4' })).toBe('För många länkar: 4');
    expect(reasonText({ code: 'first-time', detail: null })).toBe('Ny kommentator');
  });
});

describe('reject choices', () => {
  it('suggests the same reasons when rejecting, but "Annat"', () => {
    expect(REJECT_PRESETS).toEqual(['Spam', 'Hat eller hot', 'Personangrepp', 'Olagligt innehåll']);
  });
});
