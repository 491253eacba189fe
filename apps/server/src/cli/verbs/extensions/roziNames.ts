// rozi's own names for the extension verbs (its extensions.md): `rozi list-extensions`,
// `rozi check-extension DIR`, `rozi new-extension ID`. They run the project's `extensions list /
// check / new`; their JSON is rozi's tooling contract with its own schema_version:
// `{"schema_version":1,"extensions":[…]}` and `{"schema_version":1,"extension":{…}}`. The project's
// `extensions …` names keep the seeds' shapes (a bare list; the check report at top level).
import { Writable } from 'node:stream';
import { defineVerb, type Verb } from '../../verb';
import { checkExtensionDir, extensionsCheckVerb, formatCheckReport } from './check';
import { extensionsListVerb } from './list';
import { extensionsNewVerb } from './new';

export const EXTENSIONS_SCHEMA_VERSION = 1;

/** Runs `verb` with its stdout kept; returns the exit code and what it printed. */
async function captured(verb: Verb, ctx: Parameters<Verb['run']>[0]): Promise<{ code: number; out: string }> {
  let out = '';
  const stdout = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  const io = { ...ctx.io, stdout };
  const code = await verb.run({
    ...ctx,
    io,
    print(value, text) {
      if (ctx.format === 'json' || !text) out += JSON.stringify(value) + '\n';
      else out += text(value);
    },
  });
  return { code, out };
}

export const listExtensionsVerb = defineVerb({
  path: ['list-extensions'],
  summary: "rozi's name for `extensions list`; --json prints {schema_version, extensions}",
  flags: extensionsListVerb.flags,
  async run(ctx) {
    const json = ctx.opts.json === true || ctx.format === 'json';
    if (!json) return extensionsListVerb.run(ctx);
    const r = await captured(extensionsListVerb, { ...ctx, format: 'json' });
    const extensions = JSON.parse(r.out) as unknown;
    ctx.io.stdout.write(JSON.stringify({ schema_version: EXTENSIONS_SCHEMA_VERSION, extensions }) + '\n');
    return r.code;
  },
});

export const checkExtensionVerb = defineVerb({
  path: ['check-extension'],
  summary: "rozi's name for `extensions check`; --json prints {schema_version, extension}",
  help: 'Exit status 0 only for a valid manifest; 1 for invalid or incompatible.',
  flags: extensionsCheckVerb.flags,
  positionals: [{ name: 'dir' }],
  async run(ctx) {
    const report = await checkExtensionDir(ctx.args.positionals[0] ?? '.', ctx.io.cwd);
    if (ctx.opts.json === true || ctx.format === 'json')
      ctx.io.stdout.write(
        JSON.stringify({ schema_version: EXTENSIONS_SCHEMA_VERSION, extension: report }) + '\n',
      );
    else ctx.io.stdout.write(formatCheckReport(report));
    return report.verdict === 'valid' ? 0 : 1;
  },
});

export const newExtensionVerb = defineVerb({
  path: ['new-extension'],
  summary: "rozi's name for `extensions new`: a scaffold in ./<ID>",
  flags: extensionsNewVerb.flags,
  positionals: extensionsNewVerb.positionals,
  run: (ctx) => extensionsNewVerb.run(ctx),
});
