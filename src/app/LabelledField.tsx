// A form field as every form here draws it: the label, the control, and the error under it. The control
// is named by the label alone and described by the error, so a screen reader (and a test) finds "Email"
// whether or not it is in error, and hears the error after it.
import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';

type ControlProps = {
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

export function LabelledField({
  label,
  error,
  children,
}: {
  label: ReactNode;
  error?: string;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const labelId = `${id}label`;
  const errorId = `${id}error`;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child element, cloned in below.
    <label className="field">
      <span className="field__label" id={labelId}>
        {label}
      </span>
      {cloneElement(children, {
        'aria-labelledby': labelId,
        'aria-describedby': error ? errorId : undefined,
        'aria-invalid': Boolean(error),
      })}
      {error && (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
