// Where procedures find the workspace projection: attached to the session manager the tRPC
// context carries (the pattern of status/statusAccess.ts).
import type { SessionManager } from '../session/manager';
import type { WorkspaceProjection } from './workspaceProjection';

const projections = new WeakMap<SessionManager, WorkspaceProjection>();

export function attachProjection(manager: SessionManager, projection: WorkspaceProjection): void {
  projections.set(manager, projection);
}

export function maybeProjection(manager: SessionManager): WorkspaceProjection | undefined {
  return projections.get(manager);
}
