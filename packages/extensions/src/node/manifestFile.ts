// Reading an extension's extension.toml without trusting what sits at that name. A repository
// controls the file: it can be a symbolic link to /dev/zero (an endless read), to a FIFO (a
// read that never returns), to a file elsewhere on the machine, or a directory. Only a regular
// file inside the extension is read, opened non-blocking and without following a link swapped in
// after the check, and never more than one byte past the manifest limit (the validator reports
// "too large" from that).
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { MAX_MANIFEST_BYTES } from '../manifest/index';

export type ManifestFileRead = { ok: true; bytes: Buffer } | { ok: false; missing: boolean; problem: string };

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}

export function readManifestFile(dir: string): ManifestFileRead {
  const file = join(dir, 'extension.toml');
  const refuse = (problem: string): ManifestFileRead => ({ ok: false, missing: false, problem });
  let path = file;
  try {
    const st = lstatSync(file);
    if (st.isSymbolicLink()) {
      path = realpathSync(file);
      if (!inside(realpathSync(dir), path))
        return refuse(`extension.toml is a symbolic link to ${path}, outside the extension`);
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && path === file)
      return { ok: false, missing: true, problem: `no extension.toml in ${dir}` };
    return refuse(`cannot read ${file}: ${code ?? (err as Error).message}`);
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    return refuse(`cannot open ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile())
      return refuse(
        `extension.toml is not a regular file (${st.isFIFO() ? 'a FIFO' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : st.isDirectory() ? 'a directory' : 'a special file'})`,
      );
    const limit = MAX_MANIFEST_BYTES + 1;
    const buffer = Buffer.alloc(Math.min(limit, st.size + 1));
    let offset = 0;
    while (offset < buffer.length) {
      const n = readSync(fd, buffer, offset, buffer.length - offset, offset);
      if (n === 0) break;
      offset += n;
    }
    return { ok: true, bytes: buffer.subarray(0, offset) };
  } finally {
    closeSync(fd);
  }
}
