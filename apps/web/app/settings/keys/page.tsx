import type { Metadata } from 'next';
import { KeybindingsClient } from '../../extensions/ExtensionsClient';

export const metadata: Metadata = { title: 'Keyboard shortcuts · rozi' };

export default function KeybindingsRoute() {
  return <KeybindingsClient />;
}
