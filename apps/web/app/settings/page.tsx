import type { Metadata } from 'next';
import { SettingsClient } from '../ClientOnly';

export const metadata: Metadata = { title: 'Settings · rozi' };

export default function SettingsRoute() {
  return <SettingsClient />;
}
