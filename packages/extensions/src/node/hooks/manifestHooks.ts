// Turns a validated manifest's [[hooks]] into what HookSandbox.load takes: reads each module
// from the extension directory (hookScript.ts), maps the manifest filter onto event fields, and
// lists the extension's own commands, actions and stream tabs as the only invoke/publish targets.
import type { ExtensionManifest, HookContribution } from '../../manifest/model';
import type { ExtensionHooks, HookDefinition } from './definitions';
import type { HookFilter } from './events';
import { readHookScript } from './hookScript';

export type ManifestHookParts = Pick<ExtensionManifest, 'hooks' | 'commands' | 'actions' | 'sidebarTabs'>;

export interface ManifestHooksResult {
  /** Null when the manifest declares no hooks (nothing to load, no isolate to create). */
  spec: ExtensionHooks | null;
  /** One line per hook whose module could not be read; the others are still in `spec`. */
  errors: string[];
}

export async function extensionHooksFromManifest(options: {
  extensionId: string;
  extensionDir: string;
  manifest: ManifestHookParts;
}): Promise<ManifestHooksResult> {
  const { extensionId, extensionDir, manifest } = options;
  if (manifest.hooks.length === 0) return { spec: null, errors: [] };
  const errors: string[] = [];
  const hooks: HookDefinition[] = [];
  const ids = new Set<string>();
  for (const [index, hook] of manifest.hooks.entries()) {
    const script = await readHookScript({ extensionDir, script: hook.script, label: extensionId });
    if (!script.ok) {
      errors.push(script.message);
      continue;
    }
    // The script path names the hook in logs and health; a script used twice gets its index.
    const base = hook.script.replace(/^\.\//, '');
    const hookId = ids.has(base) ? `${base}#${index}` : base;
    ids.add(hookId);
    const filter = manifestFilter(hook.filter);
    hooks.push({
      hookId,
      event: hook.event,
      ...(filter === undefined ? {} : { filter }),
      permissions: hook.permissions,
      timeoutMs: hook.timeoutMs,
      filename: script.filename,
      source: script.source,
    });
  }
  return {
    spec: {
      extensionId,
      // One isolate per extension: it gets the largest limit any of its hooks asked for.
      memoryMb: Math.max(...manifest.hooks.map((hook) => hook.memoryMb)),
      actions: [...new Set([...manifest.commands.map((c) => c.id), ...manifest.actions.map((a) => a.id)])],
      tabs: manifest.sidebarTabs.filter((tab) => tab.source.kind === 'stream').map((tab) => tab.name),
      hooks,
    },
    errors,
  };
}

/** The manifest keeps `agent`/`state` as lists (`agents`/`states`); events carry single values. */
export function manifestFilter(filter: HookContribution['filter']): HookFilter | undefined {
  if (filter === undefined) return undefined;
  const out: Record<string, string | number | readonly string[]> = {};
  if (filter.agents !== undefined) out.agent = filter.agents;
  if (filter.states !== undefined) out.state = filter.states;
  if (filter.pane !== undefined) out.pane = filter.pane;
  return out;
}
