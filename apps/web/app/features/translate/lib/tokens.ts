import { TRANSLATE_CHARS_PER_TOKEN } from '@vaggen/contract';

/** Spec 001 §9: one estimated token is about 4 characters (rounded up; empty text is 0). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / TRANSLATE_CHARS_PER_TOKEN);
}
