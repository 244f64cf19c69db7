// The install button (spec §2 Header, Menu "Install the Application"), driven by beforeinstallprompt.
import { createStore } from './store.ts';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The browser's deferred prompt, while it offers installation. */
const deferred = createStore<InstallPromptEvent | undefined>(undefined);

/** Starts listening; called from the entry so an early prompt is not missed. */
export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred.set(event as InstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => deferred.set(undefined));
}

/** Shows the browser's install dialog; the prompt can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred.get();
  if (!event) return false;
  deferred.set(undefined);
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** Whether the browser offers installation right now. */
export function useInstallable(): boolean {
  return deferred.use() !== undefined;
}
