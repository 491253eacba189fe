// What the hook service needs from the status subsystem (apps/server/src/status), as an
// interface so hooks build and run before the status hub is wired into the server: without a
// link, agent-state-changed is never raised and `status` / `send-text` effects are refused with a
// log line. The status engineer's wiring calls HookService.attachStatus(link) once the hub runs.
import type { PromptRequest, PromptResult } from '../status/promptFence';
import type { PublishedReading, StatusListener } from '../status/statusHub';
import type { StatusRow } from '../status/types';
import type { PaneKey } from '../session/model';

export interface HookStatusLink {
  /** Every effective-status change, synchronously (StatusHub.subscribe). */
  subscribe(listener: StatusListener): () => void;
  /** The pane's current row: what a send-text effect is pinned to when the event is raised. */
  get(pane: PaneKey): StatusRow | undefined;
  /** The pane's published status (`rozi status` / `rozi publish`); null clears it. */
  setPublished(pane: PaneKey, reading: PublishedReading | null): void;
  /** `agents prompt`: the fenced write (fencedPrompt with the server's hub, waits and panes). */
  prompt(request: PromptRequest): PromptResult;
}
