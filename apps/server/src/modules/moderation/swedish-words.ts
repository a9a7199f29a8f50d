import { createRequire } from 'node:module';
import type { WordEntry } from '@vaggen/contract';

/**
 * Issue 41: the Swedish word list that is on by default (setting `builtin_words`). A comment with
 * one of these words is held for moderation (a suspect word), never refused: the list is LDNOOBW's
 * Swedish list ("List of Dirty, Naughty, Obscene and Otherwise Bad Words", CC BY 4.0, kept up to
 * date upstream and shipped as the `naughty-words` package), so a new release of the package brings
 * its additions with an `npm update`.
 *
 * Left out: entries that are ordinary Swedish words or mild oaths in everyday comments, which would
 * hold ordinary comments ("sås" is sauce, "hård" hard, "stake" a candle, "sätta på" to switch on;
 * "fan", "helvete", "jävlar", "satan" and "tusan" are how many Swedes say "darn"). An admin who
 * wants any of them held adds it to the paper's own list of suspect words.
 */
export const NOT_HELD = new Set([
  'brutta',
  'dra åt helvete',
  'fan',
  'för helvete',
  'helvete',
  'hård',
  'jävlar',
  'moona',
  'moonade',
  'moonar',
  'moonat',
  'olla',
  'prutt',
  'satan',
  'stake',
  'sås',
  'sätta på',
  'tusan',
]);

const require = createRequire(import.meta.url);

/** The built-in entries, whole words only (a list entry never matches inside another word). */
export const SWEDISH_WORDS: readonly WordEntry[] = (require('naughty-words/sv.json') as string[])
  .map((w) => w.normalize('NFC').trim().toLowerCase())
  .filter((w) => w && !NOT_HELD.has(w))
  .map((word) => ({ word, word_beginning: false }));
