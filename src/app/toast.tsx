// Toasts (spec §8): the server's message at bottom centre, red, for 5 s.
import { useSyncExternalStore } from 'react';

/** spec §9: a toast stays 5 s. */
export const TOAST_MS = 5000;

export type ToastKind = 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a message as a toast (red unless `kind` is info); a message already showing is not repeated. */
export function showToast(message: string, options: { kind?: ToastKind; durationMs?: number } = {}): void {
  const { kind = 'error', durationMs = TOAST_MS } = options;
  if (toasts.some((toast) => toast.message === message)) return;
  const toast = { id: nextId++, message, kind };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== toast.id);
    emit();
  }, durationMs);
}

/** Renders the current toasts. */
export function Toaster() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  if (current.length === 0) return null;
  return (
    <div className="toaster" role="alert" aria-live="assertive">
      {current.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`}>
          {toast.message}
        </div>
      ))}
    </div>
  );
}
