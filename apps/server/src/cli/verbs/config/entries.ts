// rozi config list|add|edit|remove TABLE …: the [[commands]], [[services]], [[rules]] and [[hooks]]
// entries of config.toml, edited through the same server procedures as Settings' entry editors
// (config.entries / config.editEntry): checked by the readers the server loads with, written by the
// one locked, comment-keeping edit, refused in one line with the file unchanged; rozi config undo
// reverts an edit.
import { z } from 'zod';
import type { Entry } from '../../../config/entryBlocks';
import { callServer } from '../../controlClient';
import { flag } from '../../flags';
import { CliError, defineVerb, requiredPositional, type VerbContext } from '../../verb';
import { entryLine, entryNamed, fieldsOf, tableOf, type EntryRow } from './entryArgs';

const TABLE_HELP = 'TABLE is commands, services, rules or hooks.';

async function rowsOf(ctx: VerbContext, table: ReturnType<typeof tableOf>): Promise<EntryRow[]> {
  return (await callServer(ctx.io.env, 'config.entries', { table })).entries;
}

function printed(ctx: VerbContext, r: { label: string; undo: string | null }): number {
  ctx.print(r, () => (r.undo ? `${r.label}; rozi config undo reverts it` : `${r.label}: nothing changed`));
  return 0;
}

export const configListVerb = defineVerb({
  path: ['config', 'list'],
  summary: 'list the [[TABLE]] entries of config.toml, numbered, with why the server skips any',
  help: TABLE_HELP,
  flags: z.object({}),
  positionals: [{ name: 'table', required: true }],
  async run(ctx) {
    const table = tableOf(ctx.args.positionals[0]);
    const rows = await rowsOf(ctx, table);
    ctx.print(rows, () => (rows.length ? rows.map(entryLine).join('\n') : `no [[${table}]] entries`));
    return 0;
  },
});

export const configAddVerb = defineVerb({
  path: ['config', 'add'],
  summary: 'add a [[TABLE]] entry to config.toml from KEY=VALUE fields',
  help: `${TABLE_HELP}\nExample: rozi config add commands id=build run="make -j4" label=Build`,
  flags: z.object({}),
  positionals: [
    { name: 'table', required: true },
    { name: 'field', required: true, variadic: true },
  ],
  async run(ctx) {
    const table = tableOf(ctx.args.positionals[0]);
    const entry = fieldsOf(ctx.args.positionals.slice(1));
    return printed(
      ctx,
      await callServer(ctx.io.env, 'config.editEntry', { table, op: { op: 'add', entry } }),
    );
  },
});

export const configEditVerb = defineVerb({
  path: ['config', 'edit'],
  summary: 'change fields of one [[TABLE]] entry (named by id, name or #N)',
  help: `${TABLE_HELP}\nExample: rozi config edit services watcher run="npm run watch" --unset cwd`,
  flags: z.object({
    unset: flag.list({ value: 'KEY', description: 'remove this field from the entry (repeatable)' }),
  }),
  positionals: [
    { name: 'table', required: true },
    { name: 'entry', required: true },
    { name: 'field', variadic: true },
  ],
  async run(ctx) {
    const table = tableOf(ctx.args.positionals[0]);
    const row = entryNamed({ table, rows: await rowsOf(ctx, table), which: requiredPositional(ctx.args, 1) });
    const fields = fieldsOf(ctx.args.positionals.slice(2));
    const unset = ctx.opts.unset ?? [];
    if (Object.keys(fields).length === 0 && unset.length === 0)
      throw new CliError('usage', 'give KEY=VALUE fields to change or --unset KEY');
    const expect = row.values as Entry;
    const missing = unset.find((k) => !(k in expect));
    if (missing) throw new CliError('invalid', `[[${table}]] #${row.index + 1} has no field '${missing}'`);
    const entry = Object.fromEntries(
      Object.entries({ ...expect, ...fields }).filter(([k]) => !unset.includes(k)),
    ) as Entry;
    return printed(
      ctx,
      await callServer(ctx.io.env, 'config.editEntry', {
        table,
        op: { op: 'set', index: row.index, expect, entry },
      }),
    );
  },
});

export const configRemoveVerb = defineVerb({
  path: ['config', 'remove'],
  summary: 'remove one [[TABLE]] entry (named by id, name or #N) from config.toml',
  help: TABLE_HELP,
  flags: z.object({}),
  positionals: [
    { name: 'table', required: true },
    { name: 'entry', required: true },
  ],
  async run(ctx) {
    const table = tableOf(ctx.args.positionals[0]);
    const row = entryNamed({ table, rows: await rowsOf(ctx, table), which: requiredPositional(ctx.args, 1) });
    return printed(
      ctx,
      await callServer(ctx.io.env, 'config.editEntry', {
        table,
        op: { op: 'remove', index: row.index, expect: row.values as Entry },
      }),
    );
  },
});
