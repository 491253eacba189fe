// The values smol-toml produces when parsed with `integersAsBigInt: true`: integers as bigint
// (so `1` and `1.0` stay distinguishable: settings reject floats), floats as number, dates as
// TomlDate, tables as null-prototype objects.
import { TomlDate } from 'smol-toml';

export type TomlTable = { [key: string]: unknown };

export function isTable(value: unknown): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof TomlDate);
}

/** The TOML type name used in messages: `expected a string, got an integer`. */
export function typeName(value: unknown): string {
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'bigint') return 'an integer';
  if (typeof value === 'number') return 'a float';
  if (typeof value === 'boolean') return 'a boolean';
  if (value instanceof TomlDate) return 'a date-time';
  if (Array.isArray(value)) return 'an array';
  if (isTable(value)) return 'a table';
  return 'an unknown value';
}

/**
 * The manifest as JSON: what the JSON Schema sees (schema-agreement test) and what actions'
 * schemas are compiled from. Integers become numbers, dates become `{ "$date": "..." }` so that
 * no string-typed field accepts them by accident.
 */
export function toJson(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof TomlDate) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(toJson);
  if (isTable(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      // defineProperty so a key named __proto__ stays data, not a prototype change.
      Object.defineProperty(out, key, {
        value: toJson(value[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
