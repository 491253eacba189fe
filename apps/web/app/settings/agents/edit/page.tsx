import type { Metadata } from 'next';
import { AgentEditorClient } from '../AgentsClient';

export const metadata: Metadata = { title: 'Agent definition · rozi' };

export default function AgentEditorRoute() {
  return <AgentEditorClient />;
}
