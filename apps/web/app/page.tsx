import { WorkspaceClient } from './ClientOnly';

export default function Home() {
  return <WorkspaceClient />;
}
