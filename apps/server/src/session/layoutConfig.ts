// config.toml's [layout] (rozi's configuration.md): `default`, the kind every fresh workspace
// starts in, and `split_width_multiplier`, the cell height / width ratio dwindle's axis uses. Read
// from the config store at each new workspace and split, so an edit applies without a restart;
// a bad value falls back to rozi's default with one warning line (logged once per new value).
import { configStore } from '../config/configStore';
import type { LayoutKind } from './model';
import { DEFAULT_LAYOUT, DEFAULT_SPLIT_WIDTH_MULTIPLIER, isLayoutKind, LAYOUT_KINDS } from './tiling';

export interface LayoutSettings {
  kind: LayoutKind;
  multiplier: number;
  warnings: string[];
}

export function readLayoutSettings(configFile: string): LayoutSettings {
  const table = configStore(configFile).current().root.layout;
  const t = table !== null && typeof table === 'object' ? (table as Record<string, unknown>) : {};
  const warnings: string[] = [];
  let kind = DEFAULT_LAYOUT;
  if (t.default !== undefined) {
    if (isLayoutKind(t.default)) kind = t.default;
    else
      warnings.push(
        `${configFile}: [layout] default must be one of ${LAYOUT_KINDS.join(', ')}, got ${JSON.stringify(t.default)}; using "${DEFAULT_LAYOUT}"`,
      );
  }
  let multiplier = DEFAULT_SPLIT_WIDTH_MULTIPLIER;
  if (t.split_width_multiplier !== undefined) {
    const m = t.split_width_multiplier;
    if (typeof m === 'number' && Number.isFinite(m) && m > 0 && m <= 10) multiplier = m;
    else
      warnings.push(
        `${configFile}: [layout] split_width_multiplier must be a number above 0 and at most 10, got ${JSON.stringify(m)}; using ${DEFAULT_SPLIT_WIDTH_MULTIPLIER}`,
      );
  }
  return { kind, multiplier, warnings };
}

/** The reader the session manager calls; each new warning is logged once. */
export function layoutSettingsReader(
  configFile: string,
  log: (line: string) => void,
): () => { kind: LayoutKind; multiplier: number } {
  let last = '';
  return () => {
    const r = readLayoutSettings(configFile);
    const said = r.warnings.join('\n');
    if (said && said !== last) for (const w of r.warnings) log(`warning: ${w}`);
    last = said;
    return { kind: r.kind, multiplier: r.multiplier };
  };
}
