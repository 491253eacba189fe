import type { MetadataRoute } from 'next';

// Installable to a phone's home screen. The manifest carries no token or user data.
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'rozi',
    short_name: 'rozi',
    description: 'A terminal workspace for coding agents',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0e1014',
    theme_color: '#0e1014',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
