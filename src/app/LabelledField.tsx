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
  hint,
  children,
}: {
  label: ReactNode;
  error?: string;
  /** A line under the control that it is described by too (issue 51: the username as it will be used). */
  hint?: ReactNode;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const labelId = `${id}label`;
  const errorId = `${id}error`;
  const hintId = `${id}hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child element, cloned in below.
    <label className="field">
      <span className="field__label" id={labelId}>
        {label}
      </span>
      {cloneElement(children, {
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
        'aria-invalid': Boolean(error),
      })}
      {hint && (
        <span className="field__hint" id={hintId} aria-live="polite">
          {hint}
        </span>
      )}
      {error && (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
