// The email field of the login and recovery forms.
import { Trans } from '@lingui/react/macro';
import type { UseFormReturn } from 'react-hook-form';

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
    <label className="field">
      <span className="field__label">
        <Trans>Email</Trans>
      </span>
      <input
        className="field__input"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={Boolean(error)}
        {...form.register('email', { onChange: (event) => onDraft?.(event.target.value) })}
      />
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
