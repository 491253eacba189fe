import type { Metadata } from 'next';
import { AgentsListClient } from './AgentsClient';

export const metadata: Metadata = { title: 'Agents · Settings · rozi' };

export default function AgentsRoute() {
  return <AgentsListClient />;
}
