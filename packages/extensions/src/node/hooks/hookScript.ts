// Reads a hook module from an extension directory. The manifest validator already checked the
// form of `script` (`./…js|mjs`); this is the I/O half: the resolved file must stay inside the
// extension directory even through symlinks (an installed extension must not read the user's
// files as "its" hook), and it must be small enough to be a hook.
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { MAX_HOOK_SOURCE_BYTES } from './limits';

export type HookScriptResult =
  { ok: true; source: string; filename: string } | { ok: false; message: string };

export async function readHookScript(options: {
  extensionDir: string;
  script: string;
  label: string;
}): Promise<HookScriptResult> {
  const { extensionDir, script, label } = options;
  if (isAbsolute(script) || !/\.(m?js)$/.test(script)) {
    return {
      ok: false,
      message: `${label}: script "${script}" must be a relative path to a .js or .mjs file`,
    };
  }
  let root: string;
  let file: string;
  try {
    root = await realpath(extensionDir);
    file = await realpath(resolve(root, script));
  } catch {
    return { ok: false, message: `${label}: script "${script}" does not exist in ${extensionDir}` };
  }
  const inside = relative(root, file);
  if (inside.startsWith('..') || isAbsolute(inside)) {
    return { ok: false, message: `${label}: script "${script}" resolves outside the extension directory` };
  }
  const info = await stat(file);
  if (!info.isFile()) return { ok: false, message: `${label}: script "${script}" is not a file` };
  if (info.size > MAX_HOOK_SOURCE_BYTES) {
    return {
      ok: false,
      message: `${label}: script "${script}" is ${info.size} bytes; hooks are limited to ${MAX_HOOK_SOURCE_BYTES}`,
    };
  }
  return { ok: true, source: await readFile(file, 'utf8'), filename: `${label}/${inside}` };
}
