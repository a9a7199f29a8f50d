import { describe, expect, it, vi } from 'vitest';
import { TranslateError } from './errors';
import type { ChatMessage } from './openai';
import { translateText } from './translate-text';

const service = { baseUrl: 'http://llm.test/v1', model: 'm', apiKey: 'k' };
/** A fake service: "translates" by prefixing each paragraph. */
const fake = async (_s: unknown, messages: ChatMessage[]) =>
  messages[1].content
    .split('\n\n')
    .map((p) => `[sv] ${p}`)
    .join('\n\n');

function longText(paragraphs: number): string {
  return Array.from({ length: paragraphs }, (_, i) => `Stycke ${i + 1}. ${'Text om saken. '.repeat(40).trim()}`).join(
    '\n\n',
  );
}

describe('translateText', () => {
  it('translates short text in one call, after putting in the special words', async () => {
    const call = vi.fn(fake);
    const out = await translateText(
      {
        text: 'The board met.\n\nThe Board agreed.',
        source: 'en',
        target: 'sv',
        specialWords: [{ original: 'board', translation: 'styrelsen' }],
        service,
      },
      { call },
    );
    expect(call).toHaveBeenCalledTimes(1);
    expect(out).toMatchObject({ status: 'done', total: 1, replacements: 2 });
    expect(out.translation).toBe('[sv] The styrelsen met.\n\n[sv] The styrelsen agreed.');
    expect(call.mock.calls[0][1][0].content).toContain('"board" → "styrelsen"');
  });

  it('translates long text chunk by chunk, in order, with progress, joined by blank lines', async () => {
    const text = longText(60); // ~37 000 characters → 4 chunks
    const progress: string[] = [];
    const call = vi.fn(fake);
    const out = await translateText(
      { text, source: 'en', target: 'sv', specialWords: [], service },
      { call, onProgress: (k, n, parts) => progress.push(`${k}/${n}:${parts.length}`) },
    );
    expect(out.status).toBe('done');
    expect(out.total).toBe(4);
    expect(progress).toEqual(['1/4:0', '2/4:1', '3/4:2', '4/4:3']);
    const paragraphs = out.translation.split('\n\n');
    expect(paragraphs).toHaveLength(60);
    for (const [i, p] of paragraphs.entries()) expect(p.startsWith(`[sv] Stycke ${i + 1}. `)).toBe(true);
    expect(call.mock.calls.map((c) => c[1][0].content.match(/part (\d) of 4/)?.[1])).toEqual(['1', '2', '3', '4']);
  });

  it('stops at a failing chunk, says which, and keeps the chunks before it', async () => {
    let n = 0;
    const call = vi.fn(async (s: unknown, m: ChatMessage[]) => {
      if (++n === 3)
        throw new TranslateError('server', 'OpenAI servers are currently experiencing issues. Please try again later.');
      return fake(s, m);
    });
    const out = await translateText(
      { text: longText(60), source: 'en', target: 'sv', specialWords: [], service },
      { call },
    );
    expect(call).toHaveBeenCalledTimes(3);
    expect(out.status).toBe('failed');
    expect(out.failedChunk).toBe(3);
    expect(out.message).toBe(
      'Översättningen stoppades vid del 3 av 4: OpenAI servers are currently experiencing issues. Please try again later.',
    );
    expect(out.parts).toHaveLength(2);
    expect(out.translation.startsWith('[sv] Stycke 1. ')).toBe(true);
    expect(out.translation).toContain('[sv] Stycke 20. ');
    expect(out.translation).not.toContain('Stycke 45.');
  });

  it('reports a single-chunk failure without chunk numbers, and a cancel as cancelled', async () => {
    const fail = vi.fn(async () => {
      throw new TranslateError('auth', 'Invalid API key provided...');
    });
    const out = await translateText(
      { text: 'Hi', source: 'en', target: 'sv', specialWords: [], service },
      { call: fail },
    );
    expect(out).toMatchObject({ status: 'failed', message: 'Invalid API key provided...', parts: [], translation: '' });
    const cancel = vi.fn(async () => {
      throw new TranslateError('cancelled', 'Översättningen avbröts.');
    });
    const c = await translateText(
      { text: 'Hi', source: 'en', target: 'sv', specialWords: [], service },
      { call: cancel },
    );
    expect(c.status).toBe('cancelled');
  });
});
