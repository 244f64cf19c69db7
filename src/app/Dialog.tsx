// A modal dialog: title, text, and the buttons that close it. Focus starts on its first button, Tab
// stays inside it, Escape dismisses it when `onDismiss` is given, and focus returns to the opener.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useModalFocus } from './modal-focus.ts';

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  /** 'sheet' slides up from the bottom, as the expired-user drawer does. */
  variant?: 'centre' | 'sheet';
  role?: 'dialog' | 'alertdialog';
  /**
   * What Escape does: the same as the dialog's Cancel or OK. Left out where the user must choose (a
   * bank's confirmation, the expired user's Activate or Cancel), so Escape never decides for them.
   */
  onDismiss?: () => void;
}

export function Dialog({ title, children, actions, variant = 'centre', role = 'dialog', onDismiss }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalFocus(box, onDismiss);
  // Focus the first button so keyboard and screen-reader users land inside the dialog.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, []);
  return (
    <div className={`dialog-backdrop dialog-backdrop--${variant}`}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always dialog or alertdialog, both modal. */}
      <div ref={box} className={`dialog dialog--${variant}`} role={role} aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
