// The web app manifest (install on a phone's home screen); vite.config.ts writes it at build.

export const webManifest = {
  id: '/',
  name: 'Followscope',
  short_name: 'Followscope',
  description: 'Who followed you, who left, who does not follow back, and how your posts do.',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  theme_color: '#4f2bd6',
  background_color: '#f6f4fb',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
