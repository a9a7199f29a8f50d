import { TRANSLATE_MSG } from '@vaggen/contract';

export type TranslateErrorKind =
  | 'auth'
  | 'rate-limit'
  | 'server'
  | 'context-length'
  | 'network'
  | 'response'
  | 'other'
  | 'cancelled';

/** A failed translation call, with the message to show. */
export class TranslateError extends Error {
  constructor(
    readonly kind: TranslateErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TranslateError';
  }
}

/** The `error` object of an OpenAI-style error body, if there is one. */
function errorField(body: unknown): { message?: string; code?: string; type?: string } {
  if (!body || typeof body !== 'object') return {};
  const err = (body as { error?: unknown }).error;
  if (typeof err === 'string') return { message: err };
  if (!err || typeof err !== 'object') {
    const message = (body as { message?: unknown }).message;
    return typeof message === 'string' ? { message } : {};
  }
  const e = err as Record<string, unknown>;
  return {
    message: typeof e.message === 'string' ? e.message : undefined,
    code: typeof e.code === 'string' ? e.code : undefined,
    type: typeof e.type === 'string' ? e.type : undefined,
  };
}

const CONTEXT_TEXT = /context[ _-]?length|maximum context/i;

/** Spec 001 §8: the error of a chat-completions answer that was not 2xx, from its status and body. */
export function errorForResponse(status: number, body: unknown): TranslateError {
  const { message, code } = errorField(body);
  if (code === 'context_length_exceeded' || (message && CONTEXT_TEXT.test(message)) || status === 413)
    return new TranslateError('context-length', TRANSLATE_MSG.contextLength, status);
  if (status === 401) return new TranslateError('auth', TRANSLATE_MSG.invalidApiKey, status);
  if (status === 429) {
    // OpenAI answers 429 also when the account has no credit left: waiting does not help then.
    if (code === 'insufficient_quota' && message)
      return new TranslateError('other', TRANSLATE_MSG.failed(message), status);
    return new TranslateError('rate-limit', TRANSLATE_MSG.rateLimit, status);
  }
  if (status >= 500) return new TranslateError('server', TRANSLATE_MSG.serverError, status);
  return new TranslateError('other', TRANSLATE_MSG.failed(message ?? `HTTP ${status}`), status);
}
