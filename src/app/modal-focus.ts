// Keyboard focus in a modal (issue 20; WCAG 2.1.2, 2.4.3): Tab and Shift+Tab go round the modal's own
// controls instead of wandering behind it, Escape dismisses it where dismissing means something, and
// when it closes focus goes back to the control that opened it.
import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls inside `box` that Tab reaches, in document order; hidden ones are left out. */
export function tabbable(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hidden && element.getClientRects().length > 0,
  );
}

/** The element Tab (or Shift+Tab) should move to from `active` so focus stays inside `box`; none: the browser's own move is right. */
export function wrapTarget(box: HTMLElement, active: Element | null, backwards: boolean): HTMLElement | undefined {
  const controls = tabbable(box);
  const index = active ? controls.indexOf(active as HTMLElement) : -1;
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return box;
  if (backwards) return index <= 0 ? last : undefined;
  return index === -1 || index === controls.length - 1 ? first : undefined;
}

/**
 * Keeps Tab inside `box` while the calling component is mounted, calls `onEscape` (when given) on
 * Escape, and on unmount gives focus back to what had it when the modal opened. Call it before the
 * effect that moves focus into the modal, so the opener is still the focused element.
 */
export function useModalFocus(box: RefObject<HTMLElement | null>, onEscape?: () => void): void {
  const dismiss = useRef(onEscape);
  dismiss.current = onEscape;
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const onKey = (event: KeyboardEvent) => {
      const element = box.current;
      if (!element || event.defaultPrevented) return;
      if (event.key === 'Escape' && dismiss.current) {
        event.preventDefault();
        dismiss.current();
      } else if (event.key === 'Tab') {
        const target = wrapTarget(element, document.activeElement, event.shiftKey);
        if (!target) return;
        event.preventDefault();
        target.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, [box]);
}
