// An extension's services on this machine (spec 003, "Run on the session host"): `client`
// services, and the placed ones whose host is this machine: `each-host` (one here), and
// `each-session` / `active-session` reconciled against the local sessions (sessionServices.ts).
// A placed process here is held to the same rules as one on a remote host ("These rules apply to
// placed processes on the client's own machine too"): it gets its own credential (not the
// extension's generation), bound to its extension and session and retired when it stops, and
// its own control socket whose requests pass the placement gate (host/placedGate.ts), so it sees
// events and panes only within its binding. `session` services run only where deployed
// (deployments.ts).
import type { ServiceContribution } from '@rozi/extensions';
import {
  resolveExecArgv,
  ServiceSupervisor,
  UnitLog,
  type GenerationTable,
  type RestartTimings,
} from '@rozi/extensions/node';
import type { PlacedBinding } from '../host/placedGate';
import type { SessionManager } from '../session/manager';
import type { ExtensionRuntime } from './extensionRuntime';
import type { ProcessEnvInput } from './extensionCommands';
import type { FocusContext } from './focusContext';
import { reconcileSessionServices, type SessionRef } from './sessionServices';

/** A placed process's own control socket (set up by the server: extensions/localPlacedGate.ts). */
export type GatedSocketFactory = (binding: PlacedBinding) => Promise<{ path: string; close(): void }>;

export interface LocalServiceHost {
  readonly manager: SessionManager;
  readonly generations: GenerationTable;
  commandShell(): string[] | undefined;
  focusContext(): FocusContext | undefined;
  processEnv(rt: ExtensionRuntime, input: ProcessEnvInput): NodeJS.ProcessEnv;
}

interface PlacedHere {
  extension: string;
  /** The GenerationTable key the credential was issued under. */
  key: string;
}

export class LocalServices {
  /** Live credentials of the placed processes here, by token. */
  private readonly placed = new Map<string, PlacedHere>();
  /** Set by the server (start.ts); until then placed processes use the main socket ungated. */
  gatedSocket: GatedSocketFactory | undefined;

  constructor(
    private readonly host: LocalServiceHost,
    private readonly o: {
      restartTimings?: Partial<RestartTimings>;
      stopGraceMs?: number;
      log(line: string): void;
    },
  ) {}

  /** Whether `token` is the live credential of a process of `extension` placed here. */
  credentialOf(extension: string, token: string): boolean {
    return this.placed.get(token)?.extension === extension;
  }

  /** Client and each-host services once each; session-bound ones per the sessions now. */
  startAll(rt: ExtensionRuntime): void {
    for (const s of rt.manifest.services) {
      if (s.placement === 'client' || s.placement === 'each-host')
        this.launch(rt, s, { key: s.name, session: undefined });
    }
    this.reconcile(rt);
  }

  /** On every workspace change: each-session / active-session instances follow the sessions. */
  reconcile(rt: ExtensionRuntime): void {
    const focus = this.host.focusContext();
    reconcileSessionServices({
      rt,
      sessions: [...this.host.manager.sessions.values()].map((x) => ({
        name: x.name,
        instance: x.instanceId,
      })),
      onScreen: focus ? { name: focus.sessionName, instance: focus.sessionInstance } : undefined,
      launch: (service, instance) => this.launch(rt, service, instance),
    });
  }

  private launch(
    rt: ExtensionRuntime,
    s: ServiceContribution,
    instance: { key: string; session: SessionRef | undefined },
  ): void {
    const argv =
      s.run.kind === 'exec'
        ? resolveExecArgv(s.run.argv, rt.dir)
        : [
            ...(this.host.commandShell() ?? ['/bin/sh', '-c']),
            s.run.command.split('{extension_dir}').join(rt.dir),
          ];
    const placed = s.placement !== 'client';
    // Its own credential, in place of the extension's generation: revoked when this process stops.
    const credKey = `${rt.id}\u0000placed\u0000${instance.key}\u0000${rt.generation}`;
    const credential = placed ? this.host.generations.rotate(credKey) : undefined;
    // A session-bound instance works for its session (spec: ROZI_SESSION_NAME); client and each-host ones serve none.
    const env = this.host.processEnv(rt, {
      kind: 'service',
      serviceEnv: s.env,
      sessionName: instance.session?.name,
      ...(credential
        ? { placed: { credential, sessionInstance: instance.session?.instance, service: s.publicId } }
        : {}),
    });
    if (credential) env.ROZI_EXTENSION_GENERATION = credential;
    if (instance.session) env.ROZI_SESSION_INSTANCE = instance.session.instance;
    const cwd = s.cwd ? (resolveExecArgv([`./${s.cwd.replace(/^\.\//, '')}`], rt.dir)[0] as string) : rt.dir;
    const unit = `service.${s.name}`;
    const sup = new ServiceSupervisor({
      // The status unit names the session; the log stays one per service name (spec: logs).
      launch: {
        unit: instance.session ? `${unit}@${instance.session.name}` : unit,
        argv,
        cwd,
        env,
        restart: s.restart,
      },
      log: new UnitLog({ dir: rt.logDir, unit }),
      timings: this.o.restartTimings,
      stopGraceMs: this.o.stopGraceMs,
      onStatus: (st) => {
        if (st.state === 'failed')
          this.host.manager.notify({
            level: 'error',
            title: `${rt.id}.${s.name} failed`,
            message: `${st.reason ?? 'keeps failing'}; see rozi extensions logs ${rt.id} --unit ${unit}`,
          });
      },
    });
    rt.services.set(instance.key, sup);
    if (instance.session) rt.serviceSessions.set(instance.key, instance.session);
    if (!credential) return sup.start();
    this.placed.set(credential, { extension: rt.id, key: credKey });
    let gate: { close(): void } | undefined;
    let ended = false;
    // Stopping the process ends what it was given: its credential (calls in flight with it are
    // refused from then on) and its socket.
    const stop = sup.stop.bind(sup);
    sup.stop = async (reason) => {
      // A restart (ServiceSupervisor.restart) stops and starts the same process: it keeps both.
      if (reason === 'restart') return stop(reason);
      ended = true;
      try {
        await stop(reason);
      } finally {
        this.placed.delete(credential);
        this.host.generations.retire(credKey);
        gate?.close();
      }
    };
    const factory = this.gatedSocket;
    if (!factory) return sup.start();
    const binding: PlacedBinding = {
      extension: rt.id,
      session: instance.session?.name,
      sessionInstance: instance.session?.instance,
      credential,
      attached: s.sessionScope === 'attached',
    };
    void factory(binding).then(
      (g) => {
        if (ended) return g.close();
        gate = g;
        env.ROZI_SOCKET = g.path;
        sup.start();
      },
      (err: unknown) => {
        this.o.log(
          `extensions: ${rt.id}.${s.name} not started: no socket for it (${err instanceof Error ? err.message : String(err)})`,
        );
      },
    );
  }
}
