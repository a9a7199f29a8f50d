import { describe, expect, it } from 'vitest';
import { errorForResponse } from './errors';

const openAiError = (message: string, code: string | null = null, type = 'invalid_request_error') => ({
  error: { message, type, param: null, code },
});

describe('errorForResponse (spec 001 §8)', () => {
  it('401 is an invalid key', () => {
    const e = errorForResponse(401, openAiError('Incorrect API key provided: sk-xx.', 'invalid_api_key'));
    expect(e.kind).toBe('auth');
    expect(e.message).toBe('Invalid API key provided...');
  });

  it('429 is the rate limit, unless the account has no quota left', () => {
    expect(errorForResponse(429, openAiError('Rate limit reached', 'rate_limit_exceeded')).message).toBe(
      'För många förfrågningar till översättningstjänsten just nu (rate limit). Vänta en stund och försök igen.',
    );
    expect(errorForResponse(429, null).kind).toBe('rate-limit');
    const quota = errorForResponse(429, openAiError('You exceeded your current quota.', 'insufficient_quota'));
    expect(quota.message).toBe('Översättningen misslyckades: You exceeded your current quota.');
  });

  it('5xx is the server message', () => {
    for (const status of [500, 502, 503, 504]) {
      const e = errorForResponse(status, null);
      expect(e.kind).toBe('server');
      expect(e.message).toBe('OpenAI servers are currently experiencing issues. Please try again later.');
    }
  });

  it('a context-length error asks for shorter text: by code or by message', () => {
    const shorter =
      'Texten är för lång för modellen (context length). Välj färre sidor eller kortare text och försök igen.';
    expect(errorForResponse(400, openAiError('too long', 'context_length_exceeded')).message).toBe(shorter);
    expect(
      errorForResponse(
        400,
        openAiError("This model's maximum context length is 128000 tokens. However, you requested…"),
      ).message,
    ).toBe(shorter);
    expect(errorForResponse(400, { error: 'Input exceeds the maximum context window' }).kind).toBe('context-length');
    expect(errorForResponse(413, null).kind).toBe('context-length');
  });

  it("anything else shows the server's message, or the status", () => {
    expect(errorForResponse(404, openAiError('The model `gpt-9` does not exist', 'model_not_found')).message).toBe(
      'Översättningen misslyckades: The model `gpt-9` does not exist',
    );
    expect(errorForResponse(403, { message: 'Forbidden region' }).message).toBe(
      'Översättningen misslyckades: Forbidden region',
    );
    expect(errorForResponse(418, 'not json').message).toBe('Översättningen misslyckades: HTTP 418');
  });
});
