// Commands and link handlers with `placement = "active-session"` whose session on screen is on a
// remote host (spec 003, "Run on the session host"): the command runs there, from the same
// digest-checked snapshot services use, in the focused pane's directory on that host, with a
// credential issued for this extension and host (host/placedCommand.ts runs it). It never falls
// back to the client: a host that cannot run it leaves the command unavailable with the spec's
// reason, one notification per reason, and the caller gets that reason as its error code.
import type { ExtensionManifest } from '@rozi/extensions';
import { LinkCallError } from '../link/linkCallError';
import { ExtensionHostError } from './hostError';
import type { ExtensionRuntime } from './extensionRuntime';
import { platformOk, stripAlias, type AvailabilityReason, type RemotePlacement } from './remotePlacement';

type Command = ExtensionManifest['commands'][number];

const CALL_MS = 20_000;
/** A command tab's listing may run up to 30 s on the host before it is killed there. */
const TAB_CALL_MS = 45_000;

export interface PlacedCommandInput {
  rt: ExtensionRuntime;
  /** A command tab's listing is `{ id: 'tab.NAME', run: shell }`, its on_click exec `{ run: exec }`. */
  cmd: Pick<Command, 'id' | 'run'>;
  kind: 'command' | 'link-handler' | 'tab';
  link?: { url?: string; file?: string; line?: string; column?: string; hint?: string };
  /** A clicked command-tab row (ROZI_ROW / ROZI_ROW_ID on the host). */
  row?: { line: string; id?: string };
  /** Wait for the exit and answer its stdout (a command tab's listing). */
  output?: boolean;
}

export interface PlacedCommandRunner {
  /** The host and host-side session name of the session on screen, when it is on a remote host. */
  remoteOnScreen(): { host: string; session: string } | undefined;
  run(
    o: PlacedCommandInput & { host: string; session: string },
  ): Promise<{ host: string; pid: number; stdout?: string }>;
  /** A placed command that ran with no session attached (spec: no-session). */
  noSession(o: { extension: string; command: string }): ExtensionHostError;
}

export function placedCommands(placement: RemotePlacement): PlacedCommandRunner {
  const fail = (o: {
    key: string;
    what: string;
    host: string;
    reason: AvailabilityReason;
    message: string;
  }): ExtensionHostError => {
    placement.notifyOnce(o);
    return new ExtensionHostError(o.reason, `${o.what} unavailable on ${o.host}: ${o.reason}: ${o.message}`);
  };
  return {
    remoteOnScreen() {
      const screen = placement.screenSession();
      if (!screen) return undefined;
      const host = placement.o.hosts().find((h) => screen.endsWith(`@${h.alias}`));
      if (!host) return undefined;
      const session = stripAlias(screen, host.alias);
      // A session killed since it was focused is not on screen any more.
      if (!host.rows().sessions.some((x) => stripAlias(x.name, host.alias) === session)) return undefined;
      return { host: host.alias, session };
    },

    noSession({ extension, command }) {
      return fail({
        key: `command:${extension}.${command}`,
        what: `${extension}.${command}`,
        host: 'this machine',
        reason: 'no-session',
        message: 'an active-session command runs beside the session on screen, and no session is attached',
      });
    },

    async run(o) {
      const { rt, cmd } = o;
      const what = `${rt.id}.${cmd.id}`;
      const key = `command:${what}`;
      const unavailable = (reason: AvailabilityReason, message: string) =>
        fail({ key, what, host: o.host, reason, message });
      const host = placement.o.hosts().find((h) => h.alias === o.host);
      if (!host) throw unavailable('runtime-unreachable', `${o.host} is not a known host`);
      if (!platformOk(rt.manifest, host.info().platform))
        throw unavailable(
          'unsupported-platform',
          `${rt.id} runs on ${(rt.manifest.extension.platforms ?? []).join(', ')}; ${o.host} is ${host.info().platform}`,
        );
      const link = host.conn.link;
      if (!link?.open || host.conn.state !== 'connected')
        throw unavailable('runtime-unreachable', host.conn.reason ?? `${o.host} is not connected`);
      if (cmd.run.kind === 'send')
        throw new ExtensionHostError('invalid', `${what} sends text; it takes no placement`);
      const snap = placement.snapshotOf(rt);
      if ('error' in snap) throw unavailable('bundle-failed', snap.error);
      // One credential per command and host: a later run of the same command retires the earlier's.
      const credential = placement.o.generations.rotate(`${rt.id}@host:${o.host}:command:${cmd.id}`);
      const input = {
        extension: rt.id,
        command: cmd.id,
        digest: snap.digest,
        generation: rt.generation,
        credential,
        configJson: rt.settings.json,
        run: cmd.run,
        session: o.session,
        kind: o.kind,
        link: o.link,
        row: o.row,
        output: o.output === true,
      };
      for (let attempt = 0; ; attempt++) {
        try {
          await placement.ensureStored(link, snap);
          const r = await link.rpc.call<{ pid: number; stdout?: string }>(
            'link.ext.run',
            input,
            o.output ? TAB_CALL_MS : CALL_MS,
          );
          placement.clearShown({ extension: key, host: o.host });
          placement.o.log(`placement: ${what} ran on ${o.host} (pid ${r.pid})`);
          return { host: o.host, pid: r.pid, stdout: r.stdout };
        } catch (err) {
          const code = err instanceof LinkCallError ? err.code : 'spawn-failed';
          const message = err instanceof Error ? err.message : String(err);
          if (code === 'snapshot-missing' && attempt === 0) continue;
          throw unavailable(placement.reasonOf(code, message), message);
        }
      }
    },
  };
}
