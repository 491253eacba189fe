import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  transpilePackages: ['@rozi/ui'],
  poweredByHeader: false,
  // The custom server in apps/server serves this app; nothing here phones home.
  devIndicators: false,
};
export default config;
