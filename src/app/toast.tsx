// Toasts (spec §8): the server's message at bottom centre, red, for 5 s.
import { createStore } from './store.ts';

/** spec §9: a toast stays 5 s. */
export const TOAST_MS = 5000;

export type ToastKind = 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

const toasts = createStore<Toast[]>([]);
let nextId = 1;

/** Shows a message as a toast (red unless `kind` is info); a message already showing is not repeated. */
export function showToast(message: string, options: { kind?: ToastKind; durationMs?: number } = {}): void {
  const { kind = 'error', durationMs = TOAST_MS } = options;
  if (toasts.get().some((toast) => toast.message === message)) return;
  const toast = { id: nextId++, message, kind };
  toasts.set([...toasts.get(), toast]);
  setTimeout(() => toasts.set(toasts.get().filter((t) => t.id !== toast.id)), durationMs);
}

/** Renders the current toasts. */
export function Toaster() {
  const current = toasts.use();
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
