// The email field of the login and recovery forms.
import { Trans } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';
import { LabelledField } from '../../app/LabelledField.tsx';

export function EmailInput({
  form,
  onDraft,
}: {
  form: UseFormReturn<{ email: string }, unknown, { email: string }>;
  /** Keeps what was typed, so a reload loses nothing. */
  onDraft?: (email: string) => void;
}) {
  const error = form.formState.errors.email?.message;
  return (
    <LabelledField label={<Trans>Email</Trans>} error={error}>
      <input
        className="field__input"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        {...form.register('email', { onChange: (event) => onDraft?.(event.target.value) })}
      />
    </LabelledField>
  );
}
