import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: 'rozi',
  description: 'A terminal workspace for coding agents',
  applicationName: 'rozi',
  appleWebApp: { capable: true, title: 'rozi', statusBarStyle: 'black-translucent' },
  icons: { icon: '/icons/icon.svg', apple: '/icons/icon-192.png' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  // The mobile key row sits above the on-screen keyboard instead of under it.
  interactiveWidget: 'resizes-content',
  themeColor: [
    { media: '(prefers-color-scheme: dark)', color: '#0e1014' },
    { media: '(prefers-color-scheme: light)', color: '#f4f5f7' },
  ],
};

// Applies the saved theme before first paint, so a light-theme user never sees a dark flash.
const THEME_BOOT = `try{var s=JSON.parse(localStorage.getItem('rozi.settings.v1')||'{}');var t=s.theme||'dark';if(t==='system')t=matchMedia('(prefers-color-scheme: light)').matches?'light':'dark';document.documentElement.dataset.theme=t;if(s.reduceMotion)document.documentElement.dataset.reduceMotion='true'}catch(e){}`;

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-theme="dark" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT }} />
        {/* Every request to the server needs the session cookie, and browsers fetch manifests
            without credentials unless told otherwise. */}
        <link rel="manifest" href="/manifest.webmanifest" crossOrigin="use-credentials" />
      </head>
      <body className="antialiased">{children}</body>
    </html>
  );
}
