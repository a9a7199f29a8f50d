import { PASSWORD_MAX_LENGTH } from '@vaggen/contract';
import type { ChangeEvent, ReactNode } from 'react';
import { InputField } from '../../../components/FormField';

type Field = 'password' | 'confirm';

/**
 * A new password and its repetition (register, reset): both `new-password` for password managers,
 * the same length limit, errors tied to the form's error message.
 */
export function NewPasswordFields({
  idPrefix,
  labels,
  hint,
  values,
  onChange,
  isInvalid,
  errorId,
}: {
  idPrefix: string;
  labels: { password: string; confirm: string };
  hint: ReactNode;
  values: Record<Field, string>;
  onChange: (field: Field) => (e: ChangeEvent<HTMLInputElement>) => void;
  isInvalid: (field: Field) => boolean;
  errorId: string;
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
          invalid={isInvalid(field)}
          errorId={errorId}
          name={field}
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={values[field]}
          onChange={onChange(field)}
        />
      ))}
    </>
  );
}
