// Settings merge: an extension's declared `[settings]` defaults combined with the user's
// `[extensions.<id>]` table from config.toml (spec: Settings). Pure: inputs are values, the
// result carries every diagnostic instead of throwing, so the host can show them all at once.

import type { SettingDeclaration, SettingType, SettingValue } from '../manifest/model';

/** The parts of a declared setting (manifest model) that the merge reads. */
export type DeclaredSetting = Pick<
  SettingDeclaration,
  'key' | 'type' | 'default' | 'choices' | 'min' | 'max'
>;

export type SettingsDiagnosticCode =
  'undeclared-key' | 'wrong-type' | 'not-a-choice' | 'clamped' | 'not-installed' | 'not-a-table';

export interface SettingsDiagnostic {
  code: SettingsDiagnosticCode;
  extension: string;
  key?: string;
  message: string;
}

export interface MergedSettings {
  values: Record<string, SettingValue>;
  /** Compact JSON with sorted keys: the value of ROZI_EXTENSION_CONFIG (`{}` when none are declared). */
  json: string;
  diagnostics: SettingsDiagnostic[];
}

function kindOf(value: unknown): SettingType | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  if (typeof value === 'bigint') return 'integer';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return 'string-list';
  return undefined;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a float';
  if (value !== null && typeof value === 'object') return 'a table';
  return `a ${typeof value}`;
}

/** Stable compact JSON: keys sorted so the same settings always give the same string (and generation fingerprint). */
export function settingsJson(values: Record<string, SettingValue>): string {
  const sorted: Record<string, SettingValue> = {};
  for (const key of Object.keys(values).sort()) sorted[key] = values[key] as SettingValue;
  return JSON.stringify(sorted);
}

export interface MergeSettingsInput {
  extension: string;
  declared: DeclaredSetting[];
  /** The user's `[extensions.<id>]` table as parsed from TOML, or undefined when absent. */
  user: unknown;
}

export function mergeSettings(input: MergeSettingsInput): MergedSettings {
  const { extension, declared } = input;
  const diagnostics: SettingsDiagnostic[] = [];
  const values: Record<string, SettingValue> = {};
  const byKey = new Map(declared.map((d) => [d.key, d]));
  for (const decl of declared) values[decl.key] = decl.default;

  const user = input.user;
  if (user !== undefined && (user === null || typeof user !== 'object' || Array.isArray(user))) {
    diagnostics.push({
      code: 'not-a-table',
      extension,
      message: `[extensions.${extension}] must be a table; using the extension's defaults`,
    });
    return { values, json: settingsJson(values), diagnostics };
  }
  for (const [key, raw] of Object.entries((user ?? {}) as Record<string, unknown>)) {
    const decl = byKey.get(key);
    if (!decl) {
      diagnostics.push({
        code: 'undeclared-key',
        extension,
        key,
        message: `extensions.${extension}.${key}: the extension declares no setting '${key}'; ignored`,
      });
      continue;
    }
    const want = decl.type;
    const got = kindOf(raw);
    if (got !== want) {
      diagnostics.push({
        code: 'wrong-type',
        extension,
        key,
        message: `extensions.${extension}.${key}: expected ${want}, got ${describe(raw)}; using the default`,
      });
      continue;
    }
    if (want === 'string') {
      const choices = decl.choices?.map((c) => c.value);
      if (choices && !choices.includes(raw as string)) {
        diagnostics.push({
          code: 'not-a-choice',
          extension,
          key,
          message: `extensions.${extension}.${key}: '${String(raw)}' is not one of ${choices.join(', ')}; using the default`,
        });
        continue;
      }
      values[key] = raw as string;
    } else if (want === 'integer') {
      // TOML integers may arrive as bigint from some parsers; settings live in the safe range.
      let n = typeof raw === 'bigint' ? Number(raw) : (raw as number);
      if (decl.min !== undefined && n < decl.min) {
        diagnostics.push({
          code: 'clamped',
          extension,
          key,
          message: `extensions.${extension}.${key}: ${n} is below ${decl.min}; clamped`,
        });
        n = decl.min;
      } else if (decl.max !== undefined && n > decl.max) {
        diagnostics.push({
          code: 'clamped',
          extension,
          key,
          message: `extensions.${extension}.${key}: ${n} is above ${decl.max}; clamped`,
        });
        n = decl.max;
      }
      values[key] = n;
    } else {
      values[key] = raw as SettingValue;
    }
  }
  return { values, json: settingsJson(values), diagnostics };
}

export interface OrphanTablesInput {
  /** Every key under `[extensions]` in config.toml. */
  configured: string[];
  /** Installed extension ids, enabled or not: a disabled extension's table is kept silently. */
  installed: string[];
}

/** A `[extensions.<id>]` table for an extension that is not installed is reported (spec: Settings). */
export function orphanSettingsTables(input: OrphanTablesInput): SettingsDiagnostic[] {
  const installed = new Set(input.installed);
  return input.configured
    .filter((id) => !installed.has(id))
    .map((id) => ({
      code: 'not-installed' as const,
      extension: id,
      message: `[extensions.${id}]: no extension '${id}' is installed; its settings are unused`,
    }));
}
