// The install button (spec §2 Header, Menu "Install the Application"), driven by beforeinstallprompt.
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Starts listening; called from the entry so an early prompt is not missed. */
export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    emit();
  });
  target.addEventListener('appinstalled', () => {
    deferred = undefined;
    emit();
  });
}

/** Shows the browser's install dialog; the prompt can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = undefined;
  emit();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** Whether the browser offers installation right now. */
export function useInstallable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => deferred !== undefined,
  );
}
