// One labelled field of the checkout form with its error; `locked` shows an expired user's value read-only.
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { CheckoutForm } from './checkout-schema.ts';

export function Field({
  form,
  name,
  label,
  locked,
  children,
}: {
  form: UseFormReturn<CheckoutForm, unknown, unknown>;
  name: FieldPath<CheckoutForm>;
  label: ReactNode;
  locked?: boolean;
  children: ReactElement<{ 'aria-invalid'?: boolean; readOnly?: boolean; 'aria-readonly'?: boolean }>;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child element, cloned in below.
    <label className="field">
      <span className="field__label">{label}</span>
      {cloneElement(children, { 'aria-invalid': Boolean(error), readOnly: locked, 'aria-readonly': locked })}
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
