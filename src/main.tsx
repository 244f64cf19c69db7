// The entry: pick the language, paint, then do the rest in the background.
import { createRoot } from 'react-dom/client';
import { configureClient } from './api/client.ts';
import { App } from './app/App.tsx';
import { listenForInstallPrompt } from './app/install.ts';
import { routeFor } from './app/routes.ts';
import { preloadScreen } from './app/screens.ts';
import { currentToken, forgetLogin, loadSession } from './app/session.ts';
import { registerServiceWorker, reloadOnStaleChunk } from './app/update.ts';
import { activateLocale, detectLocale } from './i18n/index.ts';
import './app/app.css';

listenForInstallPrompt();
reloadOnStaleChunk();
configureClient({
  token: currentToken,
  // spec §4 Unauthorized: a 401 on an authenticated call clears the login and reloads.
  async onUnauthorized() {
    await forgetLogin();
    window.location.reload();
  },
});

// The opening screen's code loads beside the catalog, not after it.
preloadScreen(routeFor(window.location.pathname).screen);
await activateLocale(detectLocale());
const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);

// After the first paint: read the stored login (it corrects the guard hint) and install the worker.
const later = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200);
later(() => {
  void loadSession().then(async () => {
    // A logged-in user's queued requests go out now and whenever the connection comes back.
    if (!(await currentToken())) return;
    const [{ startOutbox }, { persistWhenInstalled }] = await Promise.all([
      import('./app/outbox.ts'),
      import('./app/storage.ts'),
    ]);
    startOutbox();
    void persistWhenInstalled();
  });
  void registerServiceWorker();
});
