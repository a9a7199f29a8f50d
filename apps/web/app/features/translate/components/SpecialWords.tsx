import { TRANSLATE_MSG } from '@vaggen/contract';
import { useId, useState } from 'react';
import { FormError } from '../../../components/FormField';
import type { SpecialWord } from '../lib/special-words';

/** Spec 001 §3, §5: special words, each an original and its translation (both required). */
export function SpecialWords({ words, onChange }: { words: SpecialWord[]; onChange: (words: SpecialWord[]) => void }) {
  const [original, setOriginal] = useState('');
  const [translation, setTranslation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    const o = original.trim();
    const t = translation.trim();
    if (!o || !t) {
      setError(TRANSLATE_MSG.specialWordBoth);
      return;
    }
    setError(null);
    const rest = words.filter((w) => w.original.toLocaleLowerCase() !== o.toLocaleLowerCase());
    onChange([...rest, { original: o, translation: t }]);
    setOriginal('');
    setTranslation('');
  };

  return (
    <fieldset className="tr-special">
      <legend>Specialord</legend>
      <p className="tr-hint" id={`${id}-hint`}>
        Ord som alltid ska översättas på ett visst sätt, t.ex. namn och facktermer. De byts ut som hela ord, oavsett
        stora och små bokstäver, innan texten skickas.
      </p>
      <form className="tr-special-form" onSubmit={add} noValidate>
        <div className="tr-field">
          <label htmlFor={`${id}-original`}>Originalord</label>
          <input
            className="control"
            id={`${id}-original`}
            value={original}
            onChange={(e) => setOriginal(e.currentTarget.value)}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
          />
        </div>
        <div className="tr-field">
          <label htmlFor={`${id}-translation`}>Översatt ord</label>
          <input
            className="control"
            id={`${id}-translation`}
            value={translation}
            onChange={(e) => setTranslation(e.currentTarget.value)}
            autoComplete="off"
          />
        </div>
        <button type="submit" className="button button-secondary">
          Lägg till ord
        </button>
      </form>
      <FormError msg={error} />
      {words.length > 0 && (
        <ul className="tr-special-list" aria-label="Tillagda specialord">
          {words.map((w) => (
            <li key={w.original}>
              <span>
                <span className="tr-special-original">{w.original}</span> <span aria-hidden="true">→</span>
                <span className="visually-hidden">översätts med</span>{' '}
                <span className="tr-special-translation">{w.translation}</span>
              </span>
              <button
                type="button"
                className="tr-link-button"
                onClick={() => onChange(words.filter((x) => x !== w))}
                aria-label={`Ta bort specialordet ${w.original}`}
              >
                Ta bort
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
