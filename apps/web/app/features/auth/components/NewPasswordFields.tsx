import { PASSWORD_MAX_LENGTH } from '@vaggen/contract';
import type { ChangeEvent, ReactNode } from 'react';
import { InputField } from '../../../components/FormField';

type Field = 'password' | 'confirm';

/**
 * A new password and its repetition (register, reset): both `new-password` for password managers,
 * the same length limit, errors tied to the form's error message. `bind` is the form's
 * `useFormValues(…).bind`: each field's value, change handler and error wiring.
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  hint,
  bind,
}: {
  idPrefix: string;
  labels: { password: string; confirm: string };
  hint: ReactNode;
  bind: (field: Field) => {
    name: string;
    value: string;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
    invalid: boolean;
    errorId: string;
  };
}) {
  return (
    <>
      {(['password', 'confirm'] as const).map((field) => (
        <InputField
          key={field}
          id={`${idPrefix}-${field}`}
          label={labels[field]}
          required
          hint={field === 'password' ? hint : undefined}
          {...bind(field)}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
      ))}
    </>
  );
}
