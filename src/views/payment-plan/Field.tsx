// One labelled field of the checkout form with its error; `locked` shows an expired user's value read-only.
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { LabelledField } from '../../app/LabelledField.tsx';
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
  children: ReactElement<{ readOnly?: boolean; 'aria-readonly'?: boolean; 'aria-invalid'?: boolean }>;
}) {
  return (
    <LabelledField label={label} error={form.formState.errors[name]?.message}>
      {cloneElement(children, { readOnly: locked, 'aria-readonly': locked })}
    </LabelledField>
  );
}
