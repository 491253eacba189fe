import type { Metadata } from 'next';
import { ExtensionsClient } from './ExtensionsClient';

export const metadata: Metadata = { title: 'Extensions · rozi' };

export default function ExtensionsRoute() {
  return <ExtensionsClient />;
}
