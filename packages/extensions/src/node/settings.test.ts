import { describe, expect, it } from 'vitest';
import type { SettingDeclaration } from '../manifest/model';
import { mergeSettings, orphanSettingsTables, settingsJson } from './settings';

function decl(
  key: string,
  d: Partial<SettingDeclaration> & Pick<SettingDeclaration, 'type' | 'default'>,
): SettingDeclaration {
  return {
    key,
    label: key,
    description: undefined,
    choices: undefined,
    min: undefined,
    max: undefined,
    ...d,
  };
}

const declared: SettingDeclaration[] = [
  decl('runner', { type: 'string', default: 'auto' }),
  decl('rows', { type: 'integer', default: 50, min: 1, max: 500 }),
  decl('notify', { type: 'boolean', default: true }),
  decl('ignore', { type: 'string-list', default: ['target', 'node_modules'] }),
  decl('group', {
    type: 'string',
    default: 'status',
    choices: [
      { value: 'status', label: 'status' },
      { value: 'repo', label: 'Repository' },
    ],
  }),
];

describe('mergeSettings', () => {
  it('gives the defaults as sorted compact JSON when the user sets nothing', () => {
    const r = mergeSettings({ extension: 'tasks', declared, user: undefined });
    expect(r.diagnostics).toEqual([]);
    expect(r.json).toBe(
      '{"group":"status","ignore":["target","node_modules"],"notify":true,"rows":50,"runner":"auto"}',
    );
  });

  it('applies user values of the right type (the spec example)', () => {
    const r = mergeSettings({ extension: 'tasks', declared, user: { runner: 'just', rows: 20 } });
    expect(r.values).toMatchObject({ runner: 'just', rows: 20 });
    expect(r.diagnostics).toEqual([]);
  });

  it('reports undeclared keys, wrong types and values outside choices, keeping the defaults', () => {
    const r = mergeSettings({
      extension: 'tasks',
      declared,
      user: { colour: 'red', rows: '20', notify: 1, ignore: ['a', 2], group: 'owner', runner: 1.5 },
    });
    expect(r.values).toEqual({
      runner: 'auto',
      rows: 50,
      notify: true,
      ignore: ['target', 'node_modules'],
      group: 'status',
    });
    expect(r.diagnostics.map((d) => `${d.code}:${d.key}`).sort()).toEqual([
      'not-a-choice:group',
      'undeclared-key:colour',
      'wrong-type:ignore',
      'wrong-type:notify',
      'wrong-type:rows',
      'wrong-type:runner',
    ]);
    for (const d of r.diagnostics) expect(d.message).toMatch(/^extensions\.tasks\./);
  });

  it('clamps integers to min and max', () => {
    expect(mergeSettings({ extension: 't', declared, user: { rows: 0 } }).values.rows).toBe(1);
    const high = mergeSettings({ extension: 't', declared, user: { rows: 9000 } });
    expect(high.values.rows).toBe(500);
    expect(high.diagnostics[0]?.code).toBe('clamped');
    expect(mergeSettings({ extension: 't', declared, user: { rows: 10n } }).values.rows).toBe(10);
  });

  it('accepts an empty list for a string list, and {} with no declarations', () => {
    expect(mergeSettings({ extension: 't', declared, user: { ignore: [] } }).values.ignore).toEqual([]);
    expect(mergeSettings({ extension: 't', declared: [], user: undefined }).json).toBe('{}');
  });

  it('reports a non-table value for the extension', () => {
    expect(mergeSettings({ extension: 't', declared, user: 'x' }).diagnostics[0]?.code).toBe('not-a-table');
  });

  it('sorts keys so equal settings give equal JSON', () => {
    expect(settingsJson({ b: 1, a: 2 })).toBe(settingsJson({ a: 2, b: 1 }));
  });
});

describe('orphanSettingsTables', () => {
  it('reports tables of extensions that are not installed, not of disabled ones', () => {
    const d = orphanSettingsTables({
      configured: ['tasks', 'gone', 'disabled-one'],
      installed: ['tasks', 'disabled-one'],
    });
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ code: 'not-installed', extension: 'gone' });
  });
});
