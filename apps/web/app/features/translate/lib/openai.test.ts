import { afterEach, describe, expect, it, vi } from 'vitest';
import { TranslateError } from './errors';
import { buildMessages, chatCompletion, chatCompletionsUrl } from './openai';

const service = { baseUrl: 'http://llm.test/v1/', model: 'gpt-4-turbo', apiKey: ' sk-test ' };
const messages = buildMessages('Hello', { source: 'en', target: 'sv' });
const ok = (content: string) =>
  new Response(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => vi.useRealTimers());

describe('buildMessages', () => {
  it('has a system message naming the languages and the user text', () => {
    const m = buildMessages('Text', {
      source: 'en',
      target: 'sv',
      specialWords: [{ original: 'board', translation: 'styrelse' }],
      part: { index: 2, total: 3 },
    });
    expect(m.map((x) => x.role)).toEqual(['system', 'user']);
    expect(m[0].content).toContain('from English to Swedish');
    expect(m[0].content).toContain('"board" → "styrelse"');
    expect(m[0].content).toContain('part 2 of 3');
    expect(m[1].content).toBe('Text');
    expect(buildMessages('T', { source: 'de', target: 'ja' })[0].content).not.toContain('part ');
  });
});

describe('chatCompletion', () => {
  it('POSTs model, messages, temperature 0.3 and max_tokens 4000 with the bearer key to <base>/chat/completions', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => ok('  Hej  '));
    await expect(chatCompletion(service, messages, { fetchImpl })).resolves.toBe('Hej');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe('http://llm.test/v1/chat/completions');
    expect(chatCompletionsUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/chat/completions');
    expect(init?.method).toBe('POST');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer sk-test');
    expect(init?.credentials).toBe('omit');
    expect(JSON.parse(String(init?.body))).toEqual({
      model: 'gpt-4-turbo',
      messages,
      temperature: 0.3,
      max_tokens: 4000,
    });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('falls back to a plain fetch after a network error', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(ok('Andra försöket'));
    await expect(chatCompletion(service, messages, { fetchImpl })).resolves.toBe('Andra försöket');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('aborts after 30 s and falls back to a plain fetch without a time-out', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const fetchImpl = vi.fn<typeof fetch>((_url, init) => {
      const signal = init?.signal as AbortSignal;
      signals.push(signal);
      if (signals.length === 1)
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        );
      return new Promise((resolve) => setTimeout(() => resolve(ok('Sent men säkert')), 60_000));
    });
    const result = chatCompletion(service, messages, { fetchImpl });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0].aborted).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000); // the fallback has no 30 s limit
    await expect(result).resolves.toBe('Sent men säkert');
    expect(signals[1].aborted).toBe(false);
  });

  it('reports no response when the fallback fails too', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await chatCompletion(service, messages, { fetchImpl }).catch((e) => e);
    expect(err).toBeInstanceOf(TranslateError);
    expect(err.kind).toBe('network');
    expect(err.message).toBe(
      'Fick inget svar från översättningstjänsten. Kontrollera nätverket och tjänstens adress och försök igen.',
    );
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('maps HTTP errors without retrying', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('{"error":{"message":"bad key"}}', { status: 401 }));
    await expect(chatCompletion(service, messages, { fetchImpl })).rejects.toThrow('Invalid API key provided...');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const html = vi.fn<typeof fetch>(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(chatCompletion(service, messages, { fetchImpl: html })).rejects.toThrow(
      'OpenAI servers are currently experiencing issues. Please try again later.',
    );
  });

  it('rejects an answer without a message', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('{"choices":[]}', { status: 200 }));
    await expect(chatCompletion(service, messages, { fetchImpl })).rejects.toThrow(
      'Översättningstjänsten gav ett oväntat svar.',
    );
  });

  it('stops at once when the user cancels, without a fallback', async () => {
    const controller = new AbortController();
    const fetchImpl = vi.fn<typeof fetch>(
      (_url, init) =>
        new Promise((_, reject) =>
          (init!.signal as AbortSignal).addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        ),
    );
    const result = chatCompletion(service, messages, { fetchImpl, signal: controller.signal });
    controller.abort();
    const err = await result.catch((e) => e);
    expect(err.kind).toBe('cancelled');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
