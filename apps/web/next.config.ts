import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  transpilePackages: ['@rozi/keymap', '@rozi/ui'],
  poweredByHeader: false,
  // The custom server in apps/server serves this app; nothing here phones home.
  devIndicators: false,
  // Type checking is `turbo run typecheck`'s job. The page imports the server's router types, so
  // a server file that trips over Next's global types (NODE_ENV required in ProcessEnv) would
  // otherwise stop the UI from building at all.
  typescript: { ignoreBuildErrors: true },
};
export default config;
