import { describe, expect, it } from 'vitest';
import { countLinks, normalizedText, WordMatcher } from './words.js';

const m = (...entries: [string, boolean?][]) =>
  new WordMatcher(entries.map(([word, word_beginning = false]) => ({ word, word_beginning })));

describe('Swedish-aware word matching', () => {
  it('treats å, ä, ö and é as letters: a word is never found inside another word', () => {
    const list = m(['rå'], ['hö'], ['skit'], ['idé']);
    expect(list.find('Det var rått gjort')).toBeNull(); // "rå" inside "rått"
    expect(list.find('Hösäck och höstack')).toBeNull(); // "hö" begins both, but is not the word
    expect(list.find('bajskit överallt')).toBeNull(); // "skit" ends "bajskit"
    expect(list.find('En idéspruta')).toBeNull();
    expect(list.find('Vilken idé!')).toEqual({ entry: 'idé', found: 'idé' });
    expect(list.find('Det är rå, rent av.')).toEqual({ entry: 'rå', found: 'rå' });
    expect(list.find('Så skit.')).toEqual({ entry: 'skit', found: 'skit' });
  });

  it('does not break words at accented letters (Coral Talk #2840)', () => {
    // A matcher that took å/ä/ö as breaks would find "sk" + "t" around them, or "ra" in "rått".
    const list = m(['ra'], ['t'], ['kon']);
    expect(list.find('rått, ståt, könet, tät')).toBeNull();
    expect(list.find('Ra!')).toEqual({ entry: 'ra', found: 'Ra' });
  });

  it('is case-insensitive, also for Å, Ä, Ö and É, and on decomposed text', () => {
    const list = m(['åsna'], ['älg'], ['café']);
    expect(list.find('ÅSNA')).toEqual({ entry: 'åsna', found: 'ÅSNA' });
    expect(list.find('En Älg')).toEqual({ entry: 'älg', found: 'Älg' });
    expect(list.find('CAFÉ')).toEqual({ entry: 'café', found: 'CAFÉ' });
    // "a" + combining ring above is the same letter as "å"
    expect(list.find('a\u030Asna')?.entry).toBe('åsna');
    // …but "a" is not "å"
    expect(list.find('asna alg cafe')).toBeNull();
  });

  it('with word_beginning matches words that begin with the entry, never words that only contain it', () => {
    const list = m(['idiot', true], ['jävl', true]);
    expect(list.find('Idioterna igen')).toEqual({ entry: 'idiot', found: 'Idioterna' });
    expect(list.find('jävlar')).toEqual({ entry: 'jävl', found: 'jävlar' });
    expect(list.find('Jävligt bra')).toEqual({ entry: 'jävl', found: 'Jävligt' });
    expect(list.find('storidioten och ojävlig')).toBeNull();
    // without the flag, only the whole word
    expect(m(['idiot']).find('Idioterna igen')).toBeNull();
    expect(m(['idiot']).find('en idiot.')).toEqual({ entry: 'idiot', found: 'idiot' });
  });

  it('matches entries of several words in a row, whatever separates them', () => {
    const list = m(['jävla idiot'], ['dra åt', true]);
    expect(list.find('din jävla-idiot')).toEqual({ entry: 'jävla idiot', found: 'jävla-idiot' });
    expect(list.find('Jävla  idiot!')).toEqual({ entry: 'jävla idiot', found: 'Jävla  idiot' });
    expect(list.find('jävla bra idiot')).toBeNull();
    expect(list.find('dra åthelvete')).toEqual({ entry: 'dra åt', found: 'dra åthelvete' });
  });

  it('an empty list finds nothing', () => {
    expect(m().find('vad som helst')).toBeNull();
  });

  // not in mutation runs: their instrumented code is slower, and a timing kills no mutant
  it.skipIf(process.env.MUTATION_RUN)(
    'checks a 5 000-character comment against 1 000 entries well inside a millisecond',
    () => {
      const entries: [string, boolean][] = Array.from({ length: 1000 }, (_, i) => [`förbjud${i}ord`, i % 2 === 0]);
      const list = m(...entries);
      const text = 'Det här är en lång kommentar om väder, räksmörgås och öl på café. '.repeat(80).slice(0, 5000);
      for (let i = 0; i < 50; i++) expect(list.find(text)).toBeNull(); // warm up
      // the best of 10 batches: what the code costs, not what a busy machine adds to it
      const batches: number[] = [];
      for (let b = 0; b < 10; b++) {
        const t0 = performance.now();
        for (let i = 0; i < 20; i++) list.find(text);
        batches.push((performance.now() - t0) / 20);
      }
      const perCheck = Math.min(...batches);
      process.stdout.write(`word check, 5000 characters × 1000 entries: ${perCheck.toFixed(3)} ms (best batch)\n`);
      expect(perCheck).toBeLessThan(1);
    },
  );
});

describe('links', () => {
  it('counts addresses with a scheme, www. and bare domains, never e-mail addresses', () => {
    expect(countLinks('Läs https://example.com/a?b=1 och http://x.se')).toBe(2);
    expect(countLinks('www.vaggen.se är bäst')).toBe(1);
    expect(countLinks('köp på billigt.nu eller spam.ru/erbjudande')).toBe(2);
    expect(countLinks('skriv till vera@example.se')).toBe(0);
    expect(countLinks('Slut. Ny mening.Utan mellanslag')).toBe(0);
    expect(countLinks('')).toBe(0);
  });
});

describe('repeated text', () => {
  it('compares words, not case or spacing', () => {
    expect(normalizedText('  Köp  BILLIGT nu!!! ')).toBe(normalizedText('köp billigt nu'));
    expect(normalizedText('Köp billigt')).not.toBe(normalizedText('Köp billigt nu'));
  });
});
