import { TRANSLATE_MSG, type TranslateLanguage } from '@vaggen/contract';
import { joinChunks, splitIntoChunks } from './chunk';
import { TranslateError } from './errors';
import { buildMessages, type CallOptions, type ChatMessage, chatCompletion, type ServiceSettings } from './openai';
import { applySpecialWords, cleanSpecialWords, type SpecialWord } from './special-words';

export interface TranslateJob {
  text: string;
  source: TranslateLanguage;
  target: TranslateLanguage;
  specialWords: readonly SpecialWord[];
  service: ServiceSettings;
}

export interface TranslateOutcome {
  status: 'done' | 'failed' | 'cancelled';
  /** The translated chunks so far, in order. */
  parts: string[];
  /** Their join (blank lines between chunks). */
  translation: string;
  total: number;
  /** How many special words were put into the text before translating. */
  replacements: number;
  /** The 1-based chunk that failed. */
  failedChunk?: number;
  message?: string;
}

/**
 * The whole translation (spec 001 §4, §9): special words in, split into chunks when long, each
 * chunk translated in order, progress reported as chunk k of n. A failing chunk stops the job and
 * the chunks already translated are kept.
 */
export async function translateText(
  job: TranslateJob,
  opts: CallOptions & {
    onProgress?: (chunk: number, total: number, parts: readonly string[]) => void;
    call?: (service: ServiceSettings, messages: ChatMessage[], opts: CallOptions) => Promise<string>;
  } = {},
): Promise<TranslateOutcome> {
  const call = opts.call ?? chatCompletion;
  const words = cleanSpecialWords(job.specialWords);
  const { text, count } = applySpecialWords(job.text, words);
  const chunks = splitIntoChunks(text);
  const parts: string[] = [];
  const outcome = (status: TranslateOutcome['status'], extra: Partial<TranslateOutcome> = {}): TranslateOutcome => ({
    status,
    parts: [...parts],
    translation: joinChunks(parts),
    total: chunks.length,
    replacements: count,
    ...extra,
  });

  for (const [i, chunk] of chunks.entries()) {
    opts.onProgress?.(i + 1, chunks.length, parts);
    const messages = buildMessages(chunk, {
      source: job.source,
      target: job.target,
      specialWords: words,
      part: { index: i + 1, total: chunks.length },
    });
    try {
      parts.push(
        await call(job.service, messages, {
          signal: opts.signal,
          timeoutMs: opts.timeoutMs,
          fetchImpl: opts.fetchImpl,
        }),
      );
    } catch (err) {
      const e = err instanceof TranslateError ? err : new TranslateError('other', TRANSLATE_MSG.failed(String(err)));
      if (e.kind === 'cancelled') return outcome('cancelled', { message: e.message });
      const message = chunks.length > 1 ? TRANSLATE_MSG.chunkFailed(i + 1, chunks.length, e.message) : e.message;
      return outcome('failed', { failedChunk: i + 1, message });
    }
  }
  return outcome('done');
}
