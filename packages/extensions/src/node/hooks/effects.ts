// What a hook may ask the server to do, and the check every request passes before the server
// acts on it. Pure (no node imports): the input is whatever JSON the hook returned, so every
// field is checked as untrusted data, and every problem becomes one line naming the effect.
import { REPORTED_STATES, type ReportedState } from '@rozi/detect';
import { HOOK_PERMISSIONS, type HookPermission } from '../../manifest/model';
import { eventPane, type HookEvent } from './events';
import { MAX_EFFECTS_PER_CALL, MAX_SEND_TEXT_BYTES } from './limits';

// The permission names are the manifest's: an effect's type is the permission it needs.
export { HOOK_PERMISSIONS, type HookPermission };

export interface NotifyEffect {
  type: 'notify';
  title?: string;
  message: string;
  level?: 'info' | 'warn' | 'error';
}
/** One sidebar row, the same fields a stream tab's `rozi sidebar publish` row has. */
export interface SidebarRow {
  id?: string;
  label: string;
  detail?: string;
  group?: string;
  state?: ReportedState;
}
export interface PublishEffect {
  type: 'publish';
  /** The extension's own stream tab (local name); absent = its first stream tab. */
  tab?: string;
  rows: SidebarRow[];
}
export interface StatusEffect {
  type: 'status';
  state: ReportedState | 'clear';
  reason?: string;
}
export interface InvokeEffect {
  type: 'invoke';
  /** Local command id of the hook's own extension. */
  action: string;
  args?: Record<string, string | number | boolean>;
}
/** Text for the pane that raised the event; the server applies it under `agents prompt` rules. */
export interface SendTextEffect {
  type: 'send-text';
  text: string;
}
export type HookEffect = NotifyEffect | PublishEffect | StatusEffect | InvokeEffect | SendTextEffect;

export interface EffectContext {
  permissions: readonly HookPermission[];
  /** Local ids of the extension's commands and [[actions]]: the only targets `invoke` may name. */
  actions: readonly string[];
  /** Local names of the extension's stream tabs: the only tabs `publish` may fill. */
  tabs: readonly string[];
  /** The event the hook answered: status and send-text only make sense for a pane event. */
  event: HookEvent;
}

export interface EffectCheck {
  accepted: HookEffect[];
  /** One line per rejected effect (or per problem with the return value as a whole). */
  rejected: string[];
}

const MAX_TITLE = 200;
const MAX_MESSAGE = 2_000;
const MAX_ROWS = 200;
const MAX_ROW_TEXT = 500;
const MAX_ARGS = 32;
const LOCAL_ID = /^[a-z0-9_-]+$/;

type Fields = Record<string, unknown>;
type Check = (fields: Fields, context: EffectContext) => string | null;

/**
 * Normalises a hook's return value (nothing, one effect, or a list) and keeps the effects that are
 * well formed and permitted. Rejections never stop the other effects of the same call.
 */
export function validateEffects(returned: unknown, context: EffectContext): EffectCheck {
  const result: EffectCheck = { accepted: [], rejected: [] };
  if (returned === undefined || returned === null) return result;
  const list: unknown[] = Array.isArray(returned) ? returned : [returned];
  if (!Array.isArray(returned) && !isPlainObject(returned)) {
    result.rejected.push(
      `the hook returned ${describe(returned)}; return an effect object, a list of them, or nothing`,
    );
    return result;
  }
  list.forEach((raw, index) => {
    if (index >= MAX_EFFECTS_PER_CALL) {
      if (index === MAX_EFFECTS_PER_CALL) {
        result.rejected.push(
          `effects ${index + 1}..${list.length} ignored: at most ${MAX_EFFECTS_PER_CALL} effects per call`,
        );
      }
      return;
    }
    const label = `effect ${index + 1}`;
    if (!isPlainObject(raw)) {
      result.rejected.push(`${label}: expected an object with a "type", got ${describe(raw)}`);
      return;
    }
    const type = raw.type;
    if (typeof type !== 'string' || !isPermission(type)) {
      result.rejected.push(
        `${label}: unknown type ${JSON.stringify(type)}; expected one of ${HOOK_PERMISSIONS.join(', ')}`,
      );
      return;
    }
    if (!context.permissions.includes(type)) {
      result.rejected.push(
        `${label} (${type}): the hook lacks the "${type}" permission; declare it in the hook's permissions`,
      );
      return;
    }
    const problem = CHECKS[type](raw, context);
    if (problem !== null) {
      result.rejected.push(`${label} (${type}): ${problem}`);
      return;
    }
    result.accepted.push(raw as unknown as HookEffect);
  });
  return result;
}

const CHECKS: Record<HookPermission, Check> = {
  notify(fields) {
    return (
      onlyKeys(fields, ['type', 'title', 'message', 'level']) ??
      optionalText(fields, 'title', MAX_TITLE) ??
      requiredText(fields, 'message', MAX_MESSAGE) ??
      optionalChoice(fields, 'level', ['info', 'warn', 'error'])
    );
  },
  publish(fields, context) {
    const shape = onlyKeys(fields, ['type', 'tab', 'rows']) ?? optionalText(fields, 'tab', 64);
    if (shape !== null) return shape;
    if (fields.tab !== undefined && !context.tabs.includes(fields.tab as string)) {
      return `tab "${String(fields.tab)}" is not one of this extension's stream tabs (${listOrNone(context.tabs)})`;
    }
    if (fields.tab === undefined && context.tabs.length === 0)
      return 'this extension declares no stream tab to publish to';
    const rows = fields.rows;
    if (!Array.isArray(rows)) return '"rows" must be a list of row objects';
    if (rows.length > MAX_ROWS) return `"rows" has ${rows.length} rows; at most ${MAX_ROWS}`;
    for (const [index, row] of rows.entries()) {
      const problem = checkRow(row);
      if (problem !== null) return `row ${index + 1}: ${problem}`;
    }
    return null;
  },
  status(fields, context) {
    return (
      onlyKeys(fields, ['type', 'state', 'reason']) ??
      requiredChoice(fields, 'state', [...REPORTED_STATES, 'clear']) ??
      optionalText(fields, 'reason', MAX_TITLE) ??
      (eventPane(context.event) === null
        ? `event "${context.event.event}" has no pane to set a status on`
        : null)
    );
  },
  invoke(fields, context) {
    const shape = onlyKeys(fields, ['type', 'action', 'args']) ?? requiredText(fields, 'action', 64);
    if (shape !== null) return shape;
    const action = fields.action as string;
    if (!LOCAL_ID.test(action) || !context.actions.includes(action)) {
      return `action "${action}" is not one of this extension's own commands (${listOrNone(context.actions)})`;
    }
    if (fields.args === undefined) return null;
    if (!isPlainObject(fields.args)) return '"args" must be an object of strings, numbers and booleans';
    const entries = Object.entries(fields.args);
    if (entries.length > MAX_ARGS) return `"args" has ${entries.length} keys; at most ${MAX_ARGS}`;
    const bad = entries.find(([, value]) => !['string', 'number', 'boolean'].includes(typeof value));
    return bad === undefined
      ? null
      : `args.${bad[0]} must be a string, number or boolean, got ${describe(bad[1])}`;
  },
  'send-text'(fields, context) {
    const shape = onlyKeys(fields, ['type', 'text']);
    if (shape !== null) return shape;
    if (typeof fields.text !== 'string' || fields.text.length === 0)
      return '"text" must be a non-empty string';
    const bytes = utf8Length(fields.text);
    if (bytes > MAX_SEND_TEXT_BYTES) return `"text" is ${bytes} UTF-8 bytes; at most ${MAX_SEND_TEXT_BYTES}`;
    if (eventPane(context.event) === null)
      return `event "${context.event.event}" has no pane to send text to`;
    return null;
  },
};

function checkRow(row: unknown): string | null {
  if (!isPlainObject(row)) return `expected an object, got ${describe(row)}`;
  return (
    onlyKeys(row, ['id', 'label', 'detail', 'group', 'state']) ??
    optionalText(row, 'id', MAX_ROW_TEXT) ??
    requiredText(row, 'label', MAX_ROW_TEXT) ??
    optionalText(row, 'detail', MAX_MESSAGE) ??
    optionalText(row, 'group', MAX_ROW_TEXT) ??
    optionalChoice(row, 'state', REPORTED_STATES)
  );
}

function onlyKeys(fields: Fields, allowed: readonly string[]): string | null {
  const extra = Object.keys(fields).filter((key) => !allowed.includes(key));
  return extra.length === 0
    ? null
    : `unknown field${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')}`;
}

function requiredText(fields: Fields, key: string, max: number): string | null {
  const value = fields[key];
  if (typeof value !== 'string' || value.length === 0) return `"${key}" must be a non-empty string`;
  return value.length > max ? `"${key}" is ${value.length} characters; at most ${max}` : null;
}

function optionalText(fields: Fields, key: string, max: number): string | null {
  return fields[key] === undefined ? null : requiredText(fields, key, max);
}

function requiredChoice(fields: Fields, key: string, choices: readonly string[]): string | null {
  const value = fields[key];
  if (typeof value === 'string' && choices.includes(value)) return null;
  return `"${key}" must be one of ${choices.join(', ')}, got ${describe(value)}`;
}

function optionalChoice(fields: Fields, key: string, choices: readonly string[]): string | null {
  return fields[key] === undefined ? null : requiredChoice(fields, key, choices);
}

function isPermission(type: string): type is HookPermission {
  return (HOOK_PERMISSIONS as readonly string[]).includes(type);
}

function isPlainObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOrNone(names: readonly string[]): string {
  return names.length === 0 ? 'it declares none' : names.join(', ');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string')
    return `a string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  const type = typeof value;
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** UTF-8 length without TextEncoder (not in the pure lib): count by code point. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
