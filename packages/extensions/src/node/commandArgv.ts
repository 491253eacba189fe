// How a manifest's exec argv becomes a real argv (spec: Commands): `{extension_dir}` is replaced
// in every argument, a program written `./x` or `../x` resolves from the extension directory
// (not the focused pane's cwd the process runs in), and `$VAR`, `${VAR}`, `%VAR%` stay literal
// because no shell ever sees the argv. Pure string work; no node imports.

function joinPosix(dir: string, rel: string): string {
  const parts = dir.split('/');
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length > 1) parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/') || '/';
}

export function substituteExtensionDir(text: string, extensionDir: string): string {
  return text.split('{extension_dir}').join(extensionDir);
}

export function resolveExecArgv(argv: readonly string[], extensionDir: string): string[] {
  return argv.map((arg, i) => {
    const replaced = substituteExtensionDir(arg, extensionDir);
    if (i === 0 && (replaced.startsWith('./') || replaced.startsWith('../')))
      return joinPosix(extensionDir, replaced);
    return replaced;
  });
}
