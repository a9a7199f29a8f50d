import {
  TRANSLATE_LANGUAGE_NAMES,
  TRANSLATE_MAX_TOKENS,
  TRANSLATE_MSG,
  TRANSLATE_TEMPERATURE,
  TRANSLATE_TIMEOUT_MS,
  type TranslateLanguage,
} from '@vaggen/contract';
import { errorForResponse, TranslateError } from './errors';
import type { SpecialWord } from './special-words';

/** What one chat-completions call needs. The key goes from the browser to `baseUrl` only. */
export interface ServiceSettings {
  baseUrl: string;
  model: string;
  apiKey: string;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** `${base}/chat/completions`, whatever trailing slashes the base has. */
export function chatCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '')}/chat/completions`;
}

/** The system and user messages for one chunk (spec 001 §7). */
export function buildMessages(
  text: string,
  opts: {
    source: TranslateLanguage;
    target: TranslateLanguage;
    specialWords?: readonly SpecialWord[];
    part?: { index: number; total: number };
  },
): ChatMessage[] {
  const from = TRANSLATE_LANGUAGE_NAMES[opts.source].name;
  const to = TRANSLATE_LANGUAGE_NAMES[opts.target].name;
  const lines = [
    `You are a professional translator. Translate the text the user sends from ${from} to ${to}.`,
    'Keep the meaning, tone and formatting. Keep every paragraph, separated by a blank line exactly as in the original.',
    'Reply with the translation only, without comments, notes or explanations.',
  ];
  if (opts.specialWords?.length) {
    const terms = opts.specialWords.map((w) => `"${w.original}" → "${w.translation}"`).join('; ');
    lines.push(
      `Fixed terms (already put into the text in their ${to} form): ${terms}. Keep these translations exactly as written.`,
    );
  }
  if (opts.part && opts.part.total > 1)
    lines.push(`The text is part ${opts.part.index} of ${opts.part.total} of a longer document.`);
  return [
    { role: 'system', content: lines.join('\n') },
    { role: 'user', content: text },
  ];
}

export interface CallOptions {
  /** The user's cancel button. */
  signal?: AbortSignal;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

function cancelled(): TranslateError {
  return new TranslateError('cancelled', TRANSLATE_MSG.cancelled);
}

interface RawAnswer {
  status: number;
  ok: boolean;
  text: string;
}

/** A request whose answer (headers and body) is read in full; aborted after `timeoutMs` if given, or when `signal` aborts. */
async function request(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  timeoutMs?: number,
): Promise<RawAnswer> {
  const controller = new AbortController();
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(), timeoutMs);
  const onCancel = () => controller.abort();
  signal?.addEventListener('abort', onCancel, { once: true });
  try {
    const res = await fetchImpl(url, { ...init, signal: controller.signal });
    return { status: res.status, ok: res.ok, text: await res.text() };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCancel);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One chat-completions call (spec 001 §7): model, system and user messages, temperature 0.3,
 * max_tokens 4000, the user's key as bearer, aborted after 30 s. On a network error or that
 * time-out it tries once more with a plain fetch (no time-out; the user can still cancel).
 * Returns the translated text, or throws a TranslateError whose message is shown as it is.
 */
export async function chatCompletion(
  service: ServiceSettings,
  messages: ChatMessage[],
  opts: CallOptions = {},
): Promise<string> {
  const fetchImpl = opts.fetchImpl ?? globalThis.fetch.bind(globalThis);
  const url = chatCompletionsUrl(service.baseUrl);
  const init: RequestInit = {
    method: 'POST',
    headers: { Authorization: `Bearer ${service.apiKey.trim()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      model: service.model.trim(),
      messages,
      temperature: TRANSLATE_TEMPERATURE,
      max_tokens: TRANSLATE_MAX_TOKENS,
    }),
    // never send our cookies to someone else's server
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  };

  if (opts.signal?.aborted) throw cancelled();
  let answer: RawAnswer;
  try {
    answer = await request(fetchImpl, url, init, opts.signal, opts.timeoutMs ?? TRANSLATE_TIMEOUT_MS);
  } catch {
    if (opts.signal?.aborted) throw cancelled();
    try {
      answer = await request(fetchImpl, url, init, opts.signal);
    } catch {
      if (opts.signal?.aborted) throw cancelled();
      throw new TranslateError('network', TRANSLATE_MSG.noResponse);
    }
  }

  const body = parseJson(answer.text);
  if (!answer.ok) throw errorForResponse(answer.status, body);
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new TranslateError('response', TRANSLATE_MSG.badResponse, answer.status);
  return content.trim();
}
