// Applies the effects a hook returned, after HookSandbox checked them against the schema and the
// hook's permissions, under the rules that bind the extension's own processes:
// - every effect is fenced by the generation the hooks were loaded under: a hook answering for an
//   extension that was reloaded or disabled meanwhile changes nothing;
// - publish goes through the host's stream-tab path with that generation as the caller;
// - invoke runs one of the extension's own commands or [[actions]] (the action invoker checks
//   arguments, deadlines and rate limits);
// - send-text goes only into the pane that raised the event, through the `agents prompt` fence,
//   pinned to the status row as it was when the event was raised (epoch, occupant, revision);
//   a blocked or replaced agent gets nothing.
// The caller runs apply() inside its "effects raise no hook events" guard.
import {
  USER_CONFIG_HOOK_OWNER,
  type HookEffect,
  type HookEvent,
  type HookOutcome,
} from '@rozi/extensions/node';
import type { SidebarTabRow } from '../events/types';
import type { Deployments } from '../extensions/deployments';
import type { ExtensionCommands } from '../extensions/extensionCommands';
import type { ExtensionRuntime } from '../extensions/extensionRuntime';
import type { ExtensionSidebar } from '../extensions/extensionSidebar';
import type { FocusContext } from '../extensions/focusContext';
import type { SessionManager } from '../session/manager';
import type { Pane } from '../session/pane';
import { refOf } from '../status/agentRef';
import type { StatusRow } from '../status/types';
import type { HookStatusLink } from './statusLink';

export interface AppliedEvent {
  event: HookEvent;
  /** The raising pane's status row when the event was raised: what send-text is pinned to. */
  pin: StatusRow | undefined;
}

/** What hook effects need of the extension host (extensions/host.ts). */
export interface HookExtensionHost {
  runtime(id: string): ExtensionRuntime | undefined;
  runtimesList(): ExtensionRuntime[];
  focusContext(): FocusContext | undefined;
  readonly deployments: Pick<Deployments, 'invoke'>;
  readonly commands: Pick<ExtensionCommands, 'runCommand'>;
  readonly sidebar: Pick<ExtensionSidebar, 'publishRows'>;
}

export interface EffectApplierOptions {
  manager: SessionManager;
  host: HookExtensionHost | undefined;
  status: () => HookStatusLink | undefined;
  log: (line: string) => void;
}

export class EffectApplier {
  /** Pane key → the hook whose `status` effect set that pane's published status. */
  private readonly statusOwners = new Map<number, string>();

  constructor(private readonly o: EffectApplierOptions) {}

  apply(o: { outcome: HookOutcome; raised: AppliedEvent; generation: string | null }): void {
    const { outcome, raised } = o;
    if (outcome.effects.length === 0) return;
    const label = `hook ${outcome.extensionId}/${outcome.hookId}`;
    if (
      outcome.extensionId !== USER_CONFIG_HOOK_OWNER &&
      this.o.host?.runtime(outcome.extensionId)?.generation !== o.generation
    ) {
      this.o.log(
        `hooks: ${label}: ${outcome.effects.length} effect(s) dropped: the extension was reloaded or disabled since the hook ran`,
      );
      return;
    }
    outcome.effects.forEach((effect, index) => {
      try {
        const refused = this.applyOne({ outcome, effect, raised, generation: o.generation });
        if (refused !== null)
          this.o.log(`hooks: ${label}: effect ${index + 1} (${effect.type}) not applied: ${refused}`);
      } catch (err) {
        this.o.log(
          `hooks: ${label}: effect ${index + 1} (${effect.type}) failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    });
  }

  /** Null when applied, else why not. */
  private applyOne(o: {
    outcome: HookOutcome;
    effect: HookEffect;
    raised: AppliedEvent;
    generation: string | null;
  }): string | null {
    const { outcome, effect, raised } = o;
    const pane = this.raisingPane(raised.event);
    switch (effect.type) {
      case 'notify':
        this.o.manager.notify({
          message: effect.message,
          title: effect.title ?? outcome.extensionId,
          level: effect.level ?? 'info',
          pane: pane ?? null,
        });
        return null;
      case 'publish': {
        const host = this.o.host;
        const rt = host?.runtime(outcome.extensionId);
        const tab = effect.tab ?? rt?.manifest.sidebarTabs.find((t) => t.source.kind === 'stream')?.name;
        if (!host || !rt || tab === undefined || o.generation === null)
          return 'the extension has no stream tab loaded';
        host.sidebar.publishRows({
          caller: { extension: rt.id, generation: o.generation },
          tab,
          producer: `hook:${outcome.hookId}`,
          rows: effect.rows.map(sidebarRow),
        });
        return null;
      }
      case 'status': {
        const link = this.o.status();
        if (!link) return 'the status hub is not running in this server';
        if (!pane) return 'the pane that raised the event is gone';
        const owner = `${outcome.extensionId}/${outcome.hookId}`;
        if (effect.state === 'clear') {
          if (this.statusOwners.get(pane.key) !== owner) return 'this hook set no status on the pane';
          this.statusOwners.delete(pane.key);
          link.setPublished(pane.key, null);
          return null;
        }
        this.statusOwners.set(pane.key, owner);
        // A published reading is working, blocked or idle; `done` is the hub's idle-after-work.
        link.setPublished(pane.key, {
          state: effect.state === 'done' ? 'idle' : effect.state,
          agent: outcome.extensionId,
          message: effect.reason ?? null,
        });
        return null;
      }
      case 'invoke':
        return this.invoke({
          extensionId: outcome.extensionId,
          action: effect.action,
          args: effect.args ?? {},
          event: raised.event,
        });
      case 'send-text': {
        const link = this.o.status();
        if (!link) return 'the status hub is not running in this server';
        if (!pane) return 'the pane that raised the event is gone';
        const ref = raised.pin ? refOf(raised.pin) : null;
        if (!raised.pin || !ref || raised.pin.pane !== pane.key)
          return 'no agent was detected in the pane when the event was raised';
        const result = link.prompt({ pane: pane.key, text: effect.text, ref });
        return result.ok ? null : `${result.code}: ${result.message}`;
      }
    }
  }

  private invoke(o: {
    extensionId: string;
    action: string;
    args: Record<string, string | number | boolean>;
    event: HookEvent;
  }): string | null {
    const host = this.o.host;
    const rt = host?.runtime(o.extensionId);
    if (!host || !rt) return 'the extension is not loaded';
    const command = rt.manifest.commands.find((c) => c.id === o.action);
    if (command) {
      try {
        host.commands.runCommand(command.publicId);
      } catch (err) {
        // An active-session command with no session attached (no-session) is refused in one line.
        return err instanceof Error ? err.message : String(err);
      }
      return null;
    }
    const action = rt.manifest.actions.find((a) => a.id === o.action);
    if (!action) return `${rt.id} has no command or action '${o.action}'`;
    const session =
      'session' in o.event && typeof o.event.session === 'string'
        ? o.event.session
        : host.focusContext()?.sessionName;
    if (session === undefined) return 'no session to run the action in';
    host.deployments
      .invoke({ session, action: action.publicId, argsJson: JSON.stringify(o.args) })
      .catch((err: unknown) =>
        this.o.log(
          `hooks: ${rt.id}: invoke ${action.publicId} failed: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
    return null;
  }

  private raisingPane(event: HookEvent): Pane | undefined {
    if (!('pane' in event) || event.pane === null || event.session === null) return undefined;
    return this.o.manager.sessions.get(event.session)?.panes.get(event.pane);
  }
}

/** A hook's row in the stream tab's shape: its state shows as the row's badge. */
function sidebarRow(row: {
  id?: string;
  label: string;
  detail?: string;
  group?: string;
  state?: string;
}): SidebarTabRow {
  return {
    id: row.id ?? null,
    label: row.detail ? `${row.label} — ${row.detail}` : row.label,
    header: false,
    group: row.group ?? null,
    depth: 0,
    badge: row.state ?? null,
  };
}
