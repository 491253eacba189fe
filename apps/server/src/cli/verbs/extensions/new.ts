// rozi extensions new <ID>: writes a scaffold (extension.toml with one command, bin/hello.py that
// calls back into rozi through $ROZI_BIN, README.md) into ./<ID> and prints the next steps. The
// command runs through the Python 3 launcher found on PATH (python3, python, or py -3 on Windows),
// because that is the launcher this machine has; the README says to adjust it when sharing.
import { z } from 'zod';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { MAX_ID_LENGTH, RESERVED_EXTENSION_IDS } from '@rozi/extensions';
import { CliError, defineVerb } from '../../verb';

const ID = /^[a-z0-9_-]+$/;

function onPath(program: string, env: NodeJS.ProcessEnv): string | undefined {
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = join(dir, program + ext);
      try {
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not in this directory
      }
    }
  }
  return undefined;
}

/** Whether `argv` starts a Python 3 (a `python` on PATH may still be Python 2). */
function isPython3(argv: string[], env: NodeJS.ProcessEnv): boolean {
  const r = spawnSync(
    argv[0] as string,
    [...argv.slice(1), '-c', 'import sys; sys.exit(0 if sys.version_info[0] == 3 else 1)'],
    { env, timeout: 30_000, stdio: 'ignore' },
  );
  return r.status === 0;
}

export function pickPythonLauncher(env: NodeJS.ProcessEnv): string[] | undefined {
  const candidates =
    process.platform === 'win32' ? [['py', '-3'], ['python3'], ['python']] : [['python3'], ['python']];
  for (const argv of candidates) {
    if (!onPath(argv[0] as string, env)) continue;
    // `python3` names its major version; starting it only to ask costs seconds on a loaded box
    // (pyenv's shims are shell scripts), and a slow start read as "no Python 3" refused the scaffold.
    if (argv.length === 1 && argv[0] === 'python3') return argv;
    if (isPython3(argv, env)) return argv;
  }
  return undefined;
}

function manifest(id: string, launcher: string[]): string {
  const exec = JSON.stringify([...launcher, '{extension_dir}/bin/hello.py']).replace(/","/g, '", "');
  return `[extension]
id = "${id}"
title = "${id}"
description = "A Rozi extension"
version = "0.1.0"
api = 1

[[commands]]
id = "hello"
label = "Hello from ${id}"
exec = ${exec}
`;
}

const HELLO_PY = `#!/usr/bin/env python3
"""Shows a notification in the running rozi, through the rozi executable it was started by."""
import os
import subprocess

rozi = os.environ.get("ROZI_BIN", "rozi")
name = os.environ.get("ROZI_EXTENSION", "this extension")
subprocess.run([rozi, "notify", f"Hello from {name}"], check=False)
`;

function readme(id: string, launcher: string[]): string {
  return `# ${id}

A rozi extension. \`extension.toml\` declares it and one command, \`${id}.hello\`, which runs
\`bin/hello.py\` with \`${launcher.join(' ')}\`; the script calls back into rozi through \`$ROZI_BIN\`.

## Try it

    rozi extensions check .
    rozi extensions install --link .
    rozi run-action ${id}.hello

After editing a linked checkout, run \`rozi run-action reload-extensions\`.

The command's launcher is the Python found on the machine that created this scaffold. If you share
the extension with a platform whose launcher differs (\`python3\`, \`python\`, \`py -3\`), adjust
\`exec\` in \`extension.toml\`. Keep mutable files out of this directory: write them to
\`$ROZI_EXTENSION_STATE_DIR\`.
`;
}

export const extensionsNewVerb = defineVerb({
  flags: z.object({}),
  path: ['extensions', 'new'],
  summary: 'create an extension scaffold in ./<ID>',
  positionals: [{ name: 'id', required: true }],
  async run(ctx) {
    const id = ctx.args.positionals[0] as string;
    if (!ID.test(id)) throw new CliError('usage', `extension id '${id.slice(0, 80)}' must match [a-z0-9_-]+`);
    if (id.length > MAX_ID_LENGTH)
      throw new CliError(
        'usage',
        `extension id is ${id.length} characters long; ids have at most ${MAX_ID_LENGTH} (they name directories)`,
      );
    if ((RESERVED_EXTENSION_IDS as readonly string[]).includes(id))
      throw new CliError('usage', `extension id '${id}' is reserved (${RESERVED_EXTENSION_IDS.join(', ')})`);
    const target = resolve(ctx.io.cwd, id);
    if (existsSync(target))
      throw new CliError('exists', `${target} already exists; choose another id or remove it`);
    const launcher = pickPythonLauncher(ctx.io.env);
    if (!launcher)
      throw new CliError(
        'missing-python',
        'rozi extensions new needs Python 3: install it so python3 (or python) is on PATH',
      );

    // Build in a sibling temp directory and rename: a failure leaves no half-written scaffold.
    const staging = mkdtempSync(join(ctx.io.cwd, `.${id}.new-`));
    try {
      mkdirSync(join(staging, 'bin'));
      writeFileSync(join(staging, 'extension.toml'), manifest(id, launcher));
      writeFileSync(join(staging, 'bin', 'hello.py'), HELLO_PY);
      chmodSync(join(staging, 'bin', 'hello.py'), 0o755);
      writeFileSync(join(staging, 'README.md'), readme(id, launcher));
      renameSync(staging, target);
    } catch (err) {
      rmSync(staging, { recursive: true, force: true });
      throw err;
    }
    const next = [
      `cd ${id}`,
      'rozi extensions check .',
      'rozi extensions install --link .',
      `rozi run-action ${id}.hello`,
    ];
    const result = {
      created: target,
      id,
      launcher,
      files: ['extension.toml', 'bin/hello.py', 'README.md'],
      next,
    };
    ctx.print(result, () =>
      [
        `created ${id}/ (extension.toml, bin/hello.py, README.md; launcher: ${launcher.join(' ')})`,
        '',
        'next:',
        ...next.map((s) => `  ${s}`),
      ].join('\n'),
    );
    return 0;
  },
});
