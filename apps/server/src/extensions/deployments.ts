// `rozi extensions deploy <ID> --session NAME` (spec: Run a service without a UI; Actions): the
// extension's `placement = "session"` services run for that session whether or not a browser is
// attached, and its actions become callable there. Each deployment has its own credential (a
// generation token keyed by extension and session). Redeploying the same files and settings while
// every service runs changes nothing and says `unchanged`; any other deploy restarts under a new
// credential and ends the old one's calls.
import {
  buildExtensionEnv,
  resolveExecArgv,
  ServiceSupervisor,
  UnitLog,
  type ActionDefinition,
  type ActionInvoker,
  type GenerationTable,
  type ServiceStatus,
} from '@rozi/extensions/node';
import type { ExtensionManifest } from '@rozi/extensions';
import type { ExtensionRuntime } from './extensionRuntime';
import { configStore } from '../config/configStore';
import { ExtensionHostError } from './hostError';
import { readDeploymentRecords, writeDeploymentRecords, type DeploymentRecord } from './deploymentRecords';

/** What deployments need of the extension host: the loaded runtimes, generations and invoker. */
export interface DeploymentHost {
  runtime(id: string): ExtensionRuntime | undefined;
  readonly generations: GenerationTable;
  readonly invoker: ActionInvoker;
}

/**
 * Files deployed from a snapshot a client sent (a session on a remote host, spec 003): this
 * host's own settings merged with the deployed manifest's defaults; nothing of it is loaded here.
 */
export interface DeployedFiles {
  id: string;
  dir: string;
  manifest: ExtensionManifest;
  settings: { json: string };
  stateDir: string;
  logDir: string;
  /** What "the same files and settings" compares: the snapshot's digest. */
  digest: string;
  /** The stored snapshot's own digest, which a restart deploys from again (Deployments.restore). */
  snapshot?: string;
}

type DeploySource = Pick<ExtensionRuntime, 'id' | 'dir' | 'manifest' | 'stateDir' | 'logDir'> & {
  settings: { json: string };
};

interface Deployment {
  /** Set for a snapshot deployment; else the loaded runtime of `extension` is the source. */
  files?: DeployedFiles;
  extension: string;
  session: string;
  digest: string;
  settingsJson: string;
  credential: string;
  services: Map<string, ServiceSupervisor>;
  /** Why its services were due to start and did not: the config could not be read then. */
  held?: string;
}

/** Why a deployment ends: what its cancelled calls are told. */
type EndReason = 'redeploy' | 'undeploy' | 'rename' | 'session-ended';
const END_TEXT: Record<EndReason, (d: Deployment) => string> = {
  redeploy: (d) => `${d.extension} was redeployed`,
  undeploy: (d) => `${d.extension} was undeployed`,
  rename: (d) => `session '${d.session}' was renamed`,
  'session-ended': (d) => `session '${d.session}' ended`,
};

export interface DeployResult {
  extension: string;
  session: string;
  status: 'deployed' | 'redeployed' | 'unchanged';
  services: ServiceStatus[];
}

export class Deployments {
  private readonly all = new Map<string, Deployment>();

  constructor(
    private readonly host: DeploymentHost,
    private readonly o: {
      env: NodeJS.ProcessEnv;
      roziBin: string;
      socket: string;
      sessionInstance: (session: string) => string | undefined;
      /** Where the deployments are recorded so they return after a restart (deploymentRecords.ts). */
      recordsFile?: string;
      /**
       * This server's config.toml: while it cannot be read, services due to start stay stopped
       * and start at configChanged() once it can (spec 003, session services).
       */
      configFile?: string;
      log?: (line: string) => void;
    },
  ) {}

  /** Set by the server when it can run stored snapshots (a host): the files of a restored record. */
  snapshotFiles: ((r: { extension: string; snapshot: string }) => DeployedFiles) | undefined;

  private record(): void {
    if (!this.o.recordsFile) return;
    const records: DeploymentRecord[] = [...this.all.values()].map((d) => ({
      extension: d.extension,
      session: d.session,
      ...(d.files?.snapshot ? { snapshot: d.files.snapshot } : {}),
    }));
    writeDeploymentRecords({ file: this.o.recordsFile, log: this.log }, records);
  }

  private readonly log = (line: string): void => this.o.log?.(line);

  /** Why config.toml cannot be read now, or null (configStore keeps its last good text). */
  private configProblem(): string | null {
    return this.o.configFile ? (configStore(this.o.configFile).current().problem?.message ?? null) : null;
  }

  /**
   * At start, after the sessions were resurrected and the extensions loaded: every recorded
   * deployment whose session is here again is deployed again (a new credential, the settings of
   * now); one that cannot be is a log line and is forgotten.
   */
  async restore(): Promise<void> {
    if (!this.o.recordsFile) return;
    for (const r of readDeploymentRecords(this.o.recordsFile, this.log)) {
      if (this.all.has(this.key(r.extension, r.session))) continue;
      if (this.o.sessionInstance(r.session) === undefined) {
        this.log(`extensions: ${r.extension} was deployed in ${r.session}, which did not return`);
        continue;
      }
      try {
        if (r.snapshot !== undefined && !this.snapshotFiles)
          throw new ExtensionHostError('invalid', 'this server does not run stored snapshots');
        const files =
          r.snapshot !== undefined ? this.snapshotFiles?.({ ...r, snapshot: r.snapshot }) : undefined;
        await this.deploy({ extension: r.extension, session: r.session, files, restored: true });
        this.log(`extensions: ${r.extension} deployed in ${r.session} again`);
      } catch (err) {
        this.log(
          `extensions: ${r.extension} in ${r.session} did not return: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
    this.record();
  }

  private key(extension: string, session: string): string {
    return `${extension}@${session}`;
  }

  /** The files a deployment runs from: its snapshot, or the extension loaded here. */
  private sourceOf(d: Deployment): DeploySource | undefined {
    return d.files ?? this.host.runtime(d.extension);
  }

  async deploy(o: {
    extension: string;
    session: string;
    files?: DeployedFiles;
    /** Restore records once, after all of them (restore()). */
    restored?: boolean;
  }): Promise<DeployResult> {
    const loaded = o.files ? undefined : this.host.runtime(o.extension);
    const rt: DeploySource | undefined = o.files ?? loaded;
    if (!rt)
      throw new ExtensionHostError(
        'not-found',
        `extension '${o.extension}' is not loaded (installed and enabled?)`,
      );
    const instance = this.o.sessionInstance(o.session);
    if (instance === undefined) throw new ExtensionHostError('not-found', `no session '${o.session}'`);
    const key = this.key(o.extension, o.session);
    const old = this.all.get(key);
    const digest = o.files?.digest ?? `${loaded?.entry.digest}/${loaded?.fingerprint}`;
    if (
      old &&
      old.digest === digest &&
      old.settingsJson === rt.settings.json &&
      [...old.services.values()].every((s) => s.status().state === 'running')
    ) {
      return {
        extension: o.extension,
        session: o.session,
        status: 'unchanged',
        services: [...old.services.values()].map((s) => s.status()),
      };
    }
    if (old) await this.end(old, 'redeploy');
    const credential = this.host.generations.rotate(key);
    const d: Deployment = {
      files: o.files,
      extension: o.extension,
      session: o.session,
      digest,
      settingsJson: rt.settings.json,
      credential,
      services: new Map(),
    };
    this.all.set(key, d);
    for (const s of rt.manifest.services.filter((x) => x.placement === 'session')) {
      const argv =
        s.run.kind === 'exec' ? resolveExecArgv(s.run.argv, rt.dir) : ['/bin/sh', '-c', s.run.command];
      const env = buildExtensionEnv({
        base: this.o.env,
        extension: {
          id: rt.id,
          dir: rt.dir,
          stateDir: rt.stateDir,
          configJson: rt.settings.json,
          generation: credential,
        },
        kind: 'service',
        roziBin: this.o.roziBin,
        socket: this.o.socket,
        serviceEnv: s.env,
        sessionName: o.session,
        placed: { credential, sessionInstance: instance, service: s.publicId },
      });
      const unit = `service.${s.name}`;
      const sup = new ServiceSupervisor({
        launch: { unit, argv, cwd: rt.dir, env, restart: s.restart },
        log: new UnitLog({ dir: rt.logDir, unit }),
      });
      d.services.set(s.name, sup);
    }
    const problem = this.configProblem();
    if (problem !== null && d.services.size > 0) {
      d.held = `the host's config cannot be read (${problem}); starts once it can`;
      this.log(`extensions: ${o.extension} in ${o.session} stays stopped: ${d.held}`);
    } else for (const sup of d.services.values()) sup.start();
    if (!o.restored) this.record();
    return {
      extension: o.extension,
      session: o.session,
      status: old ? 'redeployed' : 'deployed',
      services: this.servicesOf(d),
    };
  }

  /**
   * config.toml changed: once it can be read, the deployments held by an unreadable one start,
   * with the settings of now (a host's stored snapshot read again, as at restore).
   */
  async configChanged(): Promise<void> {
    if (this.configProblem() !== null) return;
    for (const d of [...this.all.values()].filter((x) => x.held !== undefined)) {
      try {
        await this.deploy({
          extension: d.extension,
          session: d.session,
          files: this.filesAgain(d),
          restored: true,
        });
        this.log(`extensions: ${d.extension} in ${d.session} started: the config can be read again`);
      } catch (err) {
        this.log(
          `extensions: ${d.extension} in ${d.session} did not start: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }

  private async end(d: Deployment, why: EndReason): Promise<void> {
    const key = this.key(d.extension, d.session);
    this.all.delete(key);
    this.host.generations.retire(key);
    this.host.invoker.cancelWhere(
      (i) => i.session === d.session && i.extension === d.extension,
      `ended: ${END_TEXT[why](d)}`,
    );
    await Promise.all(
      [...d.services.values()].map((s) =>
        s.stop(why === 'redeploy' || why === 'rename' ? 'reload' : 'undeploy'),
      ),
    );
  }

  /**
   * The session was renamed (spec 003: session services, credentials): each deployment in it
   * moves to the new name and restarts there under a new credential, so the old one's calls end
   * and its services learn the new ROZI_SESSION_NAME; the record follows.
   */
  async sessionRenamed(from: string, to: string): Promise<void> {
    for (const d of [...this.all.values()].filter((x) => x.session === from)) {
      await this.end(d, 'rename');
      try {
        await this.deploy({ extension: d.extension, session: to, files: this.filesAgain(d), restored: true });
        this.log(`extensions: ${d.extension} follows ${from} renamed to ${to}`);
      } catch (err) {
        this.log(
          `extensions: ${d.extension} did not follow ${from} renamed to ${to}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
    this.record();
  }

  /** The session ended (killed, or its last pane closed): its deployments stop and are forgotten. */
  async sessionEnded(session: string): Promise<void> {
    const ending = [...this.all.values()].filter((x) => x.session === session);
    if (ending.length === 0) return;
    await Promise.all(ending.map((d) => this.end(d, 'session-ended')));
    this.record();
    for (const d of ending) this.log(`extensions: ${d.extension} in ${session} stopped: the session ended`);
  }

  /** A deployment's files for a new start: a stored snapshot read again, else as it was. */
  private filesAgain(d: Deployment): DeployedFiles | undefined {
    const snapshot = d.files?.snapshot;
    return snapshot !== undefined && this.snapshotFiles
      ? this.snapshotFiles({ extension: d.extension, snapshot })
      : d.files;
  }

  async undeploy(o: {
    extension: string;
    session: string;
  }): Promise<{ extension: string; session: string; undeployed: boolean }> {
    const d = this.all.get(this.key(o.extension, o.session));
    if (d) await this.end(d, 'undeploy');
    if (d) this.record();
    return { ...o, undeployed: d !== undefined };
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.all.values()].map((d) => this.end(d, 'undeploy')));
  }

  /** Whether a caller's token is a live deployment credential of this extension. */
  credentialOf(extension: string, token: string): Deployment | undefined {
    return [...this.all.values()].find((d) => d.extension === extension && d.credential === token);
  }

  status(session?: string): { extension: string; session: string; services: ServiceStatus[] }[] {
    return [...this.all.values()]
      .filter((d) => session === undefined || d.session === session)
      .map((d) => ({
        extension: d.extension,
        session: d.session,
        services: this.servicesOf(d),
      }));
  }

  private servicesOf(d: Deployment): ServiceStatus[] {
    return [...d.services.values()].map((s) =>
      d.held === undefined ? s.status() : { ...s.status(), state: 'stopped', reason: d.held },
    );
  }

  /** Every action callable in the session: those of extensions deployed there. */
  actions(session: string): (ActionDefinition & { publicId: string; title: string })[] {
    const out: (ActionDefinition & { publicId: string; title: string })[] = [];
    for (const d of this.all.values()) {
      if (d.session !== session) continue;
      const rt = this.sourceOf(d);
      if (!rt) continue;
      for (const a of rt.manifest.actions) {
        out.push({
          extension: rt.id,
          id: a.id,
          publicId: a.publicId,
          title: a.title,
          argv: resolveExecArgv(a.argv, rt.dir),
          cwd: rt.dir,
          argsSchema: a.argsSchema,
          resultSchema: a.resultSchema,
          deadlineMs: a.deadlineMs,
          concurrency: a.concurrency,
        });
      }
    }
    return out;
  }

  async invoke(o: {
    session: string;
    action: string;
    argsJson: string;
    parent?: string;
    signal?: AbortSignal;
  }): Promise<{ invocationId: string; result: unknown; durationMs: number }> {
    const def = this.actions(o.session).find((a) => a.publicId === o.action);
    if (!def)
      throw new ExtensionHostError(
        'not-found',
        `no action '${o.action}' is deployed in session '${o.session}' (rozi extensions deploy <ID> --session ${o.session})`,
      );
    const d = this.all.get(this.key(def.extension, o.session)) as Deployment;
    const rt = this.sourceOf(d);
    const instance = this.o.sessionInstance(o.session);
    if (!rt) throw new ExtensionHostError('not-found', `extension '${def.extension}' is not loaded`);
    return this.host.invoker.invoke({
      session: o.session,
      action: def,
      argsJson: o.argsJson,
      parent: o.parent,
      signal: o.signal,
      log: new UnitLog({ dir: rt.logDir, unit: `action.${def.id}` }),
      env: (invocationId) =>
        buildExtensionEnv({
          base: this.o.env,
          extension: {
            id: rt.id,
            dir: rt.dir,
            stateDir: rt.stateDir,
            configJson: rt.settings.json,
            generation: d.credential,
          },
          kind: 'action',
          roziBin: this.o.roziBin,
          socket: this.o.socket,
          sessionName: o.session,
          placed: { credential: d.credential, sessionInstance: instance },
          action: { id: def.id, invocationId },
        }),
    });
  }
}
