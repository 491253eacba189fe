// Before the CLI says a word on the control socket it checks who could have put the socket there.
// Everything the CLI sends (prompt text, send-text, commands to run) goes to whoever listens, and
// everything it prints comes from them: in a shared /tmp another user can create /tmp/rozi-<uid>
// first, world-writable, with their own socket in it. So the socket must be a socket owned by
// this user, in a directory owned by this user (or root) that no one else can write into — or a
// sticky one (like /tmp itself), where others cannot replace what is not theirs.
import { lstatSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';

export type SocketTrust =
  { ok: true } | { ok: false; missing: true } | { ok: false; missing: false; why: string };

const STICKY = 0o1000;

function ownerName(uid: number, me: number): string {
  return uid === me ? 'you' : `uid ${uid}`;
}

export function checkSocketTrust(path: string, me = process.getuid?.() ?? 0): SocketTrust {
  let sock: Stats;
  try {
    sock = lstatSync(path);
  } catch {
    return { ok: false, missing: true };
  }
  if (!sock.isSocket())
    return {
      ok: false,
      missing: false,
      why: `${path} is not a socket (${sock.isSymbolicLink() ? 'a symbolic link' : 'some other file'})`,
    };
  if (sock.uid !== me)
    return { ok: false, missing: false, why: `${path} belongs to ${ownerName(sock.uid, me)}, not to you` };
  const dir = dirname(path);
  let d: Stats;
  try {
    d = lstatSync(dir);
  } catch (err) {
    return { ok: false, missing: false, why: `cannot read ${dir}: ${(err as Error).message}` };
  }
  if (d.uid !== me && d.uid !== 0)
    return { ok: false, missing: false, why: `its directory ${dir} belongs to ${ownerName(d.uid, me)}` };
  if ((d.mode & 0o022) !== 0 && (d.mode & STICKY) === 0)
    return {
      ok: false,
      missing: false,
      why: `its directory ${dir} is writable by others (mode ${(d.mode & 0o7777).toString(8)}), so anyone could have replaced it`,
    };
  return { ok: true };
}
