// Registers public/sw.js (install to home screen, offline notice; it caches no user data).
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Not fatal: the page works without it, only "install" is unavailable.
  });
  navigator.serviceWorker.addEventListener(
    'message',
    (e: MessageEvent<{ type?: string; data?: { session: string; key: number } }>) => {
      if (e.data?.type === 'rozi-notification-click' && e.data.data) {
        window.dispatchEvent(new CustomEvent('rozi:focus-pane', { detail: e.data.data }));
      }
    },
  );
}
