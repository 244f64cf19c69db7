// A modal dialog: title, text, and the buttons that close it.
import { type ReactNode, useEffect, useRef } from 'react';

export interface DialogProps {
  title: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
  /** 'sheet' slides up from the bottom, as the expired-user drawer does. */
  variant?: 'centre' | 'sheet';
  role?: 'dialog' | 'alertdialog';
}

export function Dialog({ title, children, actions, variant = 'centre', role = 'dialog' }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  // Focus the first button so keyboard and screen-reader users land inside the dialog.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, []);
  return (
    <div className={`dialog-backdrop dialog-backdrop--${variant}`}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always dialog or alertdialog, both modal. */}
      <div
        ref={box}
        className={`dialog dialog--${variant}`}
        role={role}
        aria-modal="true"
        aria-labelledby="dialog-title"
      >
        <h2 id="dialog-title">{title}</h2>
        {children}
        <div className="dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
