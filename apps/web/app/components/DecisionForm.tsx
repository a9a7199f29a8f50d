import { useId, useState } from 'react';
import { ApiError } from '../lib/api';
import { FormError } from './FormField';

/**
 * A desk's decision on one case (the DSA and right-of-reply desks, issue 43): a choice among
 * radio buttons, the fields that go with the chosen one (`extra`), a text, and the save button.
 * The text goes to `onDecide` trimmed; with `textRequired` an empty one is refused with that message
 * (and the text focused). A refused save shows the server's message, else a generic one. Nothing is
 * rendered when there is nothing to choose.
 */
export function DecisionForm<C extends string>({
  legend,
  choices,
  extra,
  textLabel,
  textMax,
  textRequired,
  submitLabel,
  onDecide,
}: {
  legend: string;
  choices: readonly { value: C; label: string }[];
  extra?: (choice: C) => React.ReactNode;
  textLabel: string | ((choice: C) => string);
  textMax?: number;
  textRequired?: string;
  submitLabel: string;
  onDecide: (choice: C, text: string) => Promise<void>;
}) {
  const id = useId();
  const [choice, setChoice] = useState<C | undefined>(choices[0]?.value);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (choice === undefined) return null;
  return (
    <form
      className="dsa-decision"
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (textRequired && !text.trim()) {
          setError(textRequired);
          document.getElementById(`${id}-text`)?.focus();
          return;
        }
        setBusy(true);
        setError(null);
        try {
          await onDecide(choice, text.trim());
        } catch (err) {
          setError(
            err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Beslutet kunde inte sparas. Försök igen.',
          );
        } finally {
          setBusy(false);
        }
      }}
    >
      <fieldset>
        <legend>{legend}</legend>
        {choices.map((c) => (
          <label key={c.value} className="dsa-choice">
            <input
              type="radio"
              name={`${id}-choice`}
              value={c.value}
              checked={choice === c.value}
              onChange={() => setChoice(c.value)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      {extra?.(choice)}
      <div className="field">
        <label htmlFor={`${id}-text`}>{typeof textLabel === 'function' ? textLabel(choice) : textLabel}</label>
        <textarea
          id={`${id}-text`}
          className="control"
          rows={3}
          maxLength={textMax}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <FormError msg={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sparar…' : submitLabel}
      </button>
    </form>
  );
}
