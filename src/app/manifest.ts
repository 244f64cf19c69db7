// The web app manifest (install on a phone's home screen); vite.config.ts writes it at build.
// Issue 33: the installed app is a share target for the network's data download and opens a .zip
// itself; it offers shortcuts, and screenshots for the richer install dialog.
import { SHARE_TARGET_PATH } from '../../common/share-target.ts';
import { SHARED_FILES_FIELD } from '../sw/device-cache.ts';

/** Screenshots of the app at a phone's 390 px, made by `npx tsx scripts/screenshots.ts`. */
export const screenshots = [
  {
    src: '/screenshots/dashboard.jpg',
    sizes: '390x844',
    type: 'image/jpeg',
    form_factor: 'narrow' as const,
    label: 'The dashboard: your followers, who came and who left',
  },
  {
    src: '/screenshots/new-followers.jpg',
    sizes: '390x844',
    type: 'image/jpeg',
    form_factor: 'narrow' as const,
    label: 'Your new followers, by name',
  },
  {
    src: '/screenshots/post-analytics.jpg',
    sizes: '390x844',
    type: 'image/jpeg',
    form_factor: 'narrow' as const,
    label: 'How your posts do',
  },
];

const icon = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];

export const webManifest = {
  id: '/',
  name: 'Followscope',
  short_name: 'Followscope',
  description: 'Who followed you, who left, who does not follow back, and how your posts do.',
  lang: 'en',
  dir: 'ltr' as const,
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  theme_color: '#4f2bd6',
  background_color: '#f6f4fb',
  categories: ['social', 'utilities', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'New followers', url: '/newfollowers', icons: icon },
    { name: 'Import your download', short_name: 'Import', url: '/import', icons: icon },
    { name: 'Stories', url: '/stories', icons: icon },
  ],
  screenshots,
  // The phone's share sheet posts the download here; the service worker answers (src/sw/share-target.ts).
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST' as const,
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      files: [
        {
          name: SHARED_FILES_FIELD,
          accept: ['application/zip', '.zip', 'application/json', '.json', 'text/html', '.html'],
        },
      ],
    },
  },
  // "Open with Followscope" on a .zip: the import screen takes it from the launch queue.
  file_handlers: [{ action: '/import?opened=1', accept: { 'application/zip': ['.zip'] } }],
  // An open window goes to the import screen, where the launch queue is read.
  launch_handler: { client_mode: 'navigate-existing' as const },
};
