// Toasts (spec §8): the server's message at bottom centre, red, for 5 s.
import { createStore } from './store.ts';

/** spec §9: a toast stays 5 s. */
export const TOAST_MS = 5000;

export type ToastKind = 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  slot?: string;
}

const toasts = createStore<Toast[]>([]);
let nextId = 1;

/**
 * Shows a message as a toast (red unless `kind` is info); a message already showing is not repeated.
 * Toasts of one `slot` show one at a time (issue 51: the code screen's answers piled up): the newest
 * replaces the one before.
 */
export function showToast(
  message: string,
  options: { kind?: ToastKind; durationMs?: number; slot?: string } = {},
): void {
  const { kind = 'error', durationMs = TOAST_MS, slot } = options;
  const others = slot === undefined ? toasts.get() : toasts.get().filter((toast) => toast.slot !== slot);
  if (others.some((toast) => toast.message === message)) return;
  const toast = { id: nextId++, message, kind, slot };
  toasts.set([...others, toast]);
  setTimeout(() => toasts.set(toasts.get().filter((t) => t.id !== toast.id)), durationMs);
}

/** Takes away the toasts of a slot: what they said is said another way now. */
export function dismissToasts(slot: string): void {
  toasts.set(toasts.get().filter((toast) => toast.slot !== slot));
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
