import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  transpilePackages: ['@rozi/keymap', '@rozi/ui'],
  poweredByHeader: false,
  // The custom server in apps/server serves this app; nothing here phones home.
  devIndicators: false,
  // Type errors fail the build. The page sees the server only through a declaration build of its
  // router (tsconfig.router.json → .router-types, mapped in tsconfig.json `paths`), so server
  // sources are never checked under the browser's lib and Next's global types.
};
export default config;
