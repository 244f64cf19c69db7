// The service worker's entry: it only wires; each concern is its own file.

import { cacheMedia } from './media.ts';
import { routeNavigationsToShell } from './navigation.ts';
import { refreshFiguresDaily } from './periodic-sync.ts';
import { precacheShell } from './precache.ts';
import { showPushedNotifications } from './push.ts';
import { receiveSharedDownloads } from './share-target.ts';
import { renewPushSubscriptions } from './subscription-change.ts';
import { relayBackgroundSync } from './sync.ts';
import { handleUpdateMessages } from './update.ts';

declare const self: ServiceWorkerGlobalScope;

precacheShell(self.__WB_MANIFEST);
routeNavigationsToShell();
cacheMedia();
handleUpdateMessages(self);
relayBackgroundSync(self);
// Issue 33: the installed app on the phone.
receiveSharedDownloads(self);
showPushedNotifications(self);
renewPushSubscriptions(self);
refreshFiguresDaily(self);
// API answers are not cached here on purpose: data lives in IndexedDB (src/db), which the views
// paint from, so the network layer never has to pretend to be fresh. Media are (media.ts): a signed
// proxy URL never changes.
