// Enable or disable an extension, from the CLI (`rozi extensions enable|disable`) and the
// Extensions page alike. Two switches exist: registry.json's flag for what `rozi extensions
// install` put there, and rozi's `[extensions] disabled` in config.toml, which also covers a
// directory cloned into the extensions folder by hand. Enabling clears both; disabling uses the
// registry for a managed extension (as before) and config.toml for an unmanaged one.
import { loadInstalled, setEnabled, type ExtensionDirs } from '@rozi/extensions/node';
import { parse } from 'smol-toml';
import { editConfigFile } from '../config/configEdit';
import { editTable } from '../config/tableEdit';
import { disabledIds } from './hostConfig';

function configDisabled(text: string): string[] {
  try {
    const root = parse(text) as { extensions?: { disabled?: unknown } };
    return disabledIds(root.extensions?.disabled);
  } catch {
    return [];
  }
}

/** Adds or removes `id` in config.toml's `[extensions] disabled`; whether the file changed. */
function setConfigDisabled(o: { configFile: string; id: string; disabled: boolean }): boolean {
  const r = editConfigFile({
    file: o.configFile,
    edit: (text) => {
      const now = configDisabled(text);
      const next = o.disabled ? [...new Set([...now, o.id])] : now.filter((x) => x !== o.id);
      if (next.length === now.length) return { text };
      const e = editTable(text, {
        table: ['extensions'],
        set: { disabled: next.length > 0 ? next : null },
      });
      return e.ok ? { text: e.text } : { error: e.reason };
    },
  });
  if (!r.ok) throw new Error(r.error);
  return r.changed;
}

export function setExtensionEnabled(o: {
  dirs: ExtensionDirs;
  configFile: string;
  id: string;
  enabled: boolean;
}): { changed: boolean } {
  const found = loadInstalled(o.dirs.extensionsDir).extensions.find((l) => l.entry.id === o.id);
  const unmanaged = found?.entry.source.kind === 'unmanaged';
  if (o.enabled) {
    const inConfig = setConfigDisabled({ configFile: o.configFile, id: o.id, disabled: false });
    const inRegistry = unmanaged ? false : setEnabled({ dirs: o.dirs, id: o.id, enabled: true }).changed;
    return { changed: inConfig || inRegistry };
  }
  if (unmanaged)
    return { changed: setConfigDisabled({ configFile: o.configFile, id: o.id, disabled: true }) };
  return setEnabled({ dirs: o.dirs, id: o.id, enabled: false });
}
