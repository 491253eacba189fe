// tabSettings.*: the Ctrl+E settings picker of a sidebar tab (spec: "Tab settings"). `get` lists
// the settings a tab offers, in its order, with type, label, description, choices, bounds, the
// default and the value in effect; `set` checks a value against the declaration, writes it into
// `[extensions.<id>]` of config.toml keeping the user's comments, and reloads the extension — the
// same as the user editing the file: services restart with the new ROZI_EXTENSION_CONFIG.
import type { SettingDeclaration, SettingValue } from '@rozi/extensions';
import { z } from 'zod';
import { editConfigTable } from '../../config/tableEdit';
import type { ExtensionHost } from '../../extensions/host';
import { ExtensionHostError } from '../../extensions/hostError';
import { readHostConfig } from '../../extensions/hostConfig';
import { procedure, router } from '../trpc';

export interface TabSetting {
  key: string;
  type: SettingDeclaration['type'];
  label: string;
  description: string | null;
  choices: { value: string; label: string }[] | null;
  min: number | null;
  max: number | null;
  default: SettingValue;
  value: SettingValue;
  /** Whether config.toml sets it (Ctrl+R removes that). */
  configured: boolean;
}

/** A value for `decl`, or the one-line reason it is not one. */
export function checkSettingValue(decl: SettingDeclaration, value: SettingValue): string | null {
  const name = decl.label || decl.key;
  switch (decl.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `${name} is Enabled or Disabled`;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${name} must be a whole number`;
      if (decl.min !== undefined && value < decl.min) return `${name} must be at least ${decl.min}`;
      if (decl.max !== undefined && value > decl.max) return `${name} must be at most ${decl.max}`;
      return null;
    case 'string':
      if (typeof value !== 'string') return `${name} must be text`;
      if (decl.choices && !decl.choices.some((c) => c.value === value))
        return `${name} must be one of ${decl.choices.map((c) => c.label).join(', ')}`;
      if (decl.min !== undefined && value.length < decl.min)
        return `${name} must be at least ${decl.min} characters`;
      if (decl.max !== undefined && value.length > decl.max)
        return `${name} must be at most ${decl.max} characters`;
      return null;
    case 'string-list':
      return 'lists of strings are edited in config.toml, not in tab settings';
  }
}

function tabOf(host: ExtensionHost, tab: string) {
  const dot = tab.indexOf('.');
  const rt = dot > 0 ? host.runtime(tab.slice(0, dot)) : undefined;
  const t = rt?.manifest.sidebarTabs.find((x) => x.publicId === tab);
  if (!rt || !t) throw new ExtensionHostError('not-found', `no loaded sidebar tab '${tab}'`);
  return { rt, t };
}

export const tabSettingsRouter = router({
  get: procedure.input(z.object({ tab: z.string().min(1) })).query(({ ctx, input }) => {
    const host = ctx.extensions;
    const { rt, t } = tabOf(host, input.tab);
    const user = readHostConfig(host.context().paths.configFile).extensions[rt.id] as
      Record<string, unknown> | undefined;
    const settings: TabSetting[] = t.settings.flatMap((key) => {
      const d = rt.manifest.settings.find((s) => s.key === key);
      if (!d) return [];
      return [
        {
          key,
          type: d.type,
          label: d.label,
          description: d.description ?? null,
          choices: d.choices ?? null,
          min: d.min ?? null,
          max: d.max ?? null,
          default: d.default,
          value: rt.settings.values[key] ?? d.default,
          configured: !!user && Object.hasOwn(user, key),
        },
      ];
    });
    return { tab: t.publicId, label: t.label, extension: rt.id, settings };
  }),

  /** value null = back to the default (Ctrl+R): the key is removed from [extensions.<id>]. */
  set: procedure
    .input(
      z.object({
        tab: z.string().min(1),
        key: z.string().min(1),
        value: z.union([z.string().max(4096), z.number(), z.boolean()]).nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const host = ctx.extensions;
      const { rt, t } = tabOf(host, input.tab);
      if (!t.settings.includes(input.key))
        throw new ExtensionHostError('invalid', `tab ${t.publicId} offers no setting '${input.key}'`);
      const decl = rt.manifest.settings.find((s) => s.key === input.key) as SettingDeclaration;
      if (input.value !== null) {
        const problem = checkSettingValue(decl, input.value);
        if (problem) throw new ExtensionHostError('invalid', problem);
      }
      try {
        editConfigTable(host.context().paths.configFile, {
          table: ['extensions', rt.id],
          set: { [input.key]: input.value },
        });
      } catch (err) {
        throw new ExtensionHostError('invalid', err instanceof Error ? err.message : String(err));
      }
      const before = rt.generation;
      const report = await host.reload();
      const after = host.runtime(rt.id)?.generation;
      return {
        key: input.key,
        value: input.value,
        restarted: before !== after,
        problems: report.settings.filter((d) => d.extension === rt.id).map((d) => d.message),
      };
    }),
});
