// The status subsystem inside the running server: it owns the hub, the three tiers, the waits,
// the notification classifier, and wires them to the session manager's panes and the event bus.
// Panes feed the screen tier from their output callback and headless mirror; one process-tier
// timer serves every pane; every hub change goes out as agent-state-changed on the bus (browsers
// get it from there) and to the hook service (hooks and `rozi subscribe` get it from there).
import { randomBytes } from 'node:crypto';
import {
  AGENT_ENV_VARS,
  evaluate,
  matchProcess,
  UNKNOWN_QUIET_PERIOD_MS,
  type DefinitionSet,
  type DefinitionWarning,
} from '@rozi/detect';
import type { EventBus } from '../events/bus';
import { visibleText } from '../session/capture';
import type { SessionManager } from '../session/manager';
import type { PaneKey } from '../session/model';
import type { Pane } from '../session/pane';
import { AgentWaits, type TimerHost, type WaitHandle, type WaitSpec } from './agentWaits';
import { brokenConfig, ConfigWatcher } from './configWatcher';
import { configStatusOf, type ConfigStatus } from './configStatus';
import { configStore } from '../config/configStore';
import { IntegrationTier } from './integrationTier';
import { NotificationClassifier, type AgentNotification } from './notificationClassifier';
import { createProcReader, type ProcReader } from '../proc/processTable';
import { ProcessTier, type AgentMatcher } from './processTier';
import { Publishers } from './publishers';
import { fencedPrompt, type PromptRequest, type PromptResult } from './promptFence';
import { encodeKeys } from '../keys/tmuxKeys';
import type { AnswerRequest, AnswerResult } from './answerFence';
import { NeedsInput } from './needsInput';
import { startInboxFeed, type ExtraInboxes } from './inboxFeed';
import { refOf } from './agentRef';
import { ScreenObserver } from './screenObserver';
import { StatusHub, type PublishedReading, type StatusChange, type StatusListener } from './statusHub';
import { ReportedStatuses } from './reportedStatus';
import type { EffectiveState, StatusRow } from './types';

const realTimers: TimerHost = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface StatusServiceOptions {
  manager: SessionManager;
  bus: EventBus;
  definitions: DefinitionSet;
  /** Hot reload: config.toml to watch and how to load every definition again. */
  config?: { file: string; load(): Promise<DefinitionSet> };
  reader?: ProcReader;
  log(line: string): void;
  /** Remote hosts' inboxes, merged into every inbox-changed this server sends. */
  extraInboxes?: ExtraInboxes;
}

interface PaneScreen {
  pane: Pane;
  observer: ScreenObserver;
  timer: NodeJS.Timeout | null;
  timerAt: number;
  reading: boolean;
  offOutput: () => void;
}

export class StatusService {
  readonly epoch = randomBytes(8).toString('hex');
  readonly hub: StatusHub;
  readonly waits: AgentWaits;
  readonly integration: IntegrationTier;
  readonly processes: ProcessTier;
  readonly publishers: Publishers;
  /** `rozi status VALUE`: what each pane says about itself (status/reportedStatus.ts). */
  readonly reported = new ReportedStatuses();
  private definitions: DefinitionSet;
  private readonly classifier: NotificationClassifier;
  /** Blocked panes' questions, answers and their history (the needs-you inbox). */
  readonly needs: NeedsInput;
  private readonly screens = new Map<PaneKey, PaneScreen>();
  private procTimer: NodeJS.Timeout | null = null;
  private procTimerAt = Infinity;
  private readonly offs: Array<() => void> = [];
  private stopped = false;
  private watcher: ConfigWatcher | null = null;
  /** Warnings of the last config.toml read; `kept` when it did not parse and older definitions stay. */
  configReport: { warnings: readonly DefinitionWarning[]; kept: boolean; readAt: number };

  constructor(private readonly o: StatusServiceOptions) {
    this.definitions = o.definitions;
    // A config.toml broken at start leaves the built-ins (and extensions) in force: broken too.
    this.configReport = {
      warnings: o.definitions.warnings,
      kept: o.config ? brokenConfig(o.definitions, o.config.file) : false,
      readAt: Date.now(),
    };
    const now = Date.now;
    this.hub = new StatusHub({ epoch: this.epoch, now });
    this.waits = new AgentWaits({ hub: this.hub, timers: realTimers, now });
    this.integration = new IntegrationTier({ hub: this.hub, timers: realTimers, now });
    const match: AgentMatcher = (snapshot) => {
      const m = matchProcess(this.definitions, snapshot);
      return m ? { agent: m.agentId, label: m.definition.label, pid: m.process.pid } : null;
    };
    this.publishers = new Publishers(this.integration);
    this.processes = new ProcessTier({
      reader: o.reader ?? createProcReader({ envVars: AGENT_ENV_VARS }),
      match,
      now,
      epoch: this.epoch,
    });
    this.needs = new NeedsInput({
      hub: this.hub,
      definitions: () => this.definitions,
      screen: (key) => {
        const pane = o.manager.panes.get(key);
        return pane ? { text: visibleText(pane), title: pane.oscTitle ?? '' } : undefined;
      },
      encode: (key, keys) => {
        const pane = o.manager.panes.get(key);
        if (!pane) return null;
        const r = encodeKeys(keys, { applicationCursor: pane.mirror.state.applicationCursor });
        return 'data' in r ? r.data : null;
      },
      write: (key, data) => {
        const pane = o.manager.panes.get(key);
        if (!pane || pane.exited) return false;
        pane.write(data);
        return true;
      },
      now,
      asked: (key, question, row) => {
        const pane = o.manager.panes.get(key);
        if (pane)
          o.bus.emit({
            type: 'needs-input',
            agent: row.agent,
            label: row.label,
            ref: refOf(row),
            question,
            ...pane.ref(),
          });
      },
      answeredBy: (answer) => {
        const pane = o.manager.panes.get(answer.pane);
        if (pane) o.bus.emit({ type: 'question-answered', answer, ...pane.ref() });
      },
    });
    this.classifier = new NotificationClassifier({
      timers: realTimers,
      isViewed: (p) => this.hub.isViewed(p),
      deliver: (n) => this.deliver(n),
    });
  }

  start(): void {
    this.offs.push(this.hub.subscribe((c) => this.onChange(c)));
    this.offs.push(this.o.bus.on('pane-spawned', (e) => this.addPane(e.key)));
    this.offs.push(this.o.bus.on('pane-exited', (e) => this.processes.noteOutput(e.key)));
    this.offs.push(this.o.bus.on('pane-closed', (e) => this.removePane(e.key)));
    this.offs.push(
      startInboxFeed({
        bus: this.o.bus,
        manager: this.o.manager,
        needs: this.needs,
        extra: this.o.extraInboxes,
      }),
    );
    for (const key of this.o.manager.panes.keys()) this.addPane(key);
    this.scheduleProcesses();
    const config = this.o.config;
    if (config) {
      this.watcher = new ConfigWatcher({
        configFile: config.file,
        load: config.load,
        apply: (set) => this.setDefinitions(set),
        reported: (r) => {
          this.configReport = { ...r, readAt: Date.now() };
          if (r.kept)
            this.o.log(
              `config.toml: kept the last good agent definitions: ${r.warnings.map((w) => w.message).join('; ')}`,
            );
          this.o.bus.emit({ type: 'agent-definitions-changed', reason: 'config-reload' });
          this.o.bus.emit({ type: 'config-reloaded', kept: r.kept, warnings: r.warnings.length });
        },
      });
      this.watcher.start();
    }
  }

  stop(): void {
    this.stopped = true;
    this.watcher?.stop();
    for (const off of this.offs.splice(0)) off();
    for (const key of [...this.screens.keys()]) this.removePane(key);
    if (this.procTimer) clearTimeout(this.procTimer);
    this.classifier.dispose();
    this.integration.dispose();
    this.waits.dispose();
  }

  /** New definitions (config.toml reload): re-match every pane and re-read every screen. */
  setDefinitions(set: DefinitionSet): void {
    this.definitions = set;
    this.runProcessTier(true);
    for (const s of this.screens.values()) {
      s.observer.setAgentPresent(false);
      s.observer.setAgentPresent(this.hub.occupant(s.pane.key) !== null);
      this.scheduleScreen(s);
    }
  }

  /**
   * list-panes' `agent` / `agent_state`: detection's own reading (process + screen), separate
   * from what the pane's program reports or publishes about itself (spec: "Test a definition").
   */
  agentReading(key: PaneKey): {
    agent: string | null;
    agent_state: EffectiveState | null;
    reported_status: string | null;
    status_reason: string | null;
  } {
    const own = this.reported.get(key);
    const reported = { reported_status: own?.status ?? null, status_reason: own?.reason ?? null };
    const occupant = this.hub.occupant(key);
    if (!occupant) return { agent: null, agent_state: null, ...reported };
    const row = this.hub.get(key);
    if (row?.source === 'screen' && row.occupant_id === occupant.id)
      return { agent: occupant.agent, agent_state: row.state, ...reported };
    return {
      agent: occupant.agent,
      agent_state: this.screens.get(key)?.observer.reading()?.state ?? 'idle',
      ...reported,
    };
  }

  /**
   * Which agent and which conversation to reopen if the server restarts now (the snapshot keeps
   * these, never a command): the native session the pane's current agent run reported. A
   * session reported by an earlier run, or an agent that is gone, resumes nothing.
   */
  nativeResume(key: PaneKey): { agent: string; session: string } | null {
    const reported = this.integration.nativeSession(key);
    const occupant = this.hub.occupant(key);
    if (!reported || !occupant || reported.occupant !== occupant.id) return null;
    return { agent: reported.agent ?? occupant.agent, session: reported.session };
  }

  /**
   * The argv that reopens `session` of `agent`, from the definitions loaded now (so a changed
   * resume argv also changes how old snapshots reopen); null when the agent declares none.
   */
  resumeArgv(agent: string, session: string): string[] | null {
    const argv = this.definitions.byId.get(agent)?.resume?.argv;
    return argv ? argv.map((word) => (word === '{session}' ? session : word)) : null;
  }

  /** The last config.toml read as the CLI and the UI show it (status.config). */
  configStatus(): ConfigStatus {
    const r = this.configReport;
    return configStatusOf({
      file: this.o.config?.file ?? null,
      inForce: this.definitions,
      lastRead: r.warnings,
      kept: r.kept,
      readAt: r.readAt,
      keys: this.o.config ? configStore(this.o.config.file).current().loaded.diagnostics : [],
    });
  }

  get definitionSet(): DefinitionSet {
    return this.definitions;
  }

  subscribe(listener: StatusListener): () => void {
    return this.hub.subscribe(listener);
  }

  get(pane: PaneKey): StatusRow | undefined {
    return this.hub.get(pane);
  }

  setPublished(pane: PaneKey, reading: PublishedReading | null): void {
    this.hub.setPublished(pane, reading);
  }

  wait(spec: WaitSpec): WaitHandle {
    return this.waits.wait(spec);
  }

  prompt(request: PromptRequest): PromptResult {
    return fencedPrompt(
      {
        hub: this.hub,
        waits: this.waits,
        target: (key) => {
          const pane = this.o.manager.panes.get(key);
          if (!pane || pane.exited) return undefined;
          return {
            bracketedPaste: () => pane.mirror.state.bracketedPaste,
            write: (d) => pane.write(d),
          };
        },
      },
      request,
    );
  }

  /**
   * Chooses one of a blocked agent's choices (the needs-you inbox, `rozi agents answer`): the
   * fence runs once the mirror has parsed every byte received, so it judges the newest screen.
   */
  async answer(request: AnswerRequest): Promise<AnswerResult> {
    const pane = this.o.manager.panes.get(request.pane);
    if (!pane || pane.exited)
      return { ok: false, code: 'gone', message: 'the pane is gone; nothing was sent', row: null };
    return pane.mirror.whenParsed(() => this.needs.answer(request));
  }

  /** A browser started or stopped showing the pane: done → idle, pending notices cancelled. */
  setViewed(pane: PaneKey, viewed: boolean): void {
    this.hub.setViewed(pane, viewed);
    if (viewed) this.classifier.viewed(pane);
  }

  private addPane(key: PaneKey): void {
    const pane = this.o.manager.panes.get(key);
    if (!pane || this.screens.has(key) || this.stopped) return;
    this.hub.addPane(key);
    const observer = new ScreenObserver({
      now: Date.now,
      read: () => ({ screen: visibleText(pane), title: pane.oscTitle ?? '' }),
      evaluate: (sample) =>
        evaluate(this.definitions, {
          agentId: this.hub.occupant(key)?.agent ?? null,
          screen: sample.screen,
          title: sample.title,
        }),
      policy: { unknownQuietMs: UNKNOWN_QUIET_PERIOD_MS },
    });
    const s: PaneScreen = {
      pane,
      observer,
      timer: null,
      timerAt: Infinity,
      reading: false,
      offOutput: () => undefined,
    };
    s.offOutput = pane.onOutput(() => {
      observer.noteOutput();
      this.scheduleScreen(s);
      this.processes.noteOutput(key);
      this.scheduleProcesses();
    });
    this.screens.set(key, s);
    if (pane.pid !== null) this.processes.addPane(key, pane.pid);
    this.scheduleProcesses();
  }

  private removePane(key: PaneKey): void {
    const s = this.screens.get(key);
    if (s) {
      s.offOutput();
      if (s.timer) clearTimeout(s.timer);
      this.screens.delete(key);
    }
    this.processes.removePane(key);
    this.integration.removePane(key);
    this.reported.removePane(key);
    this.hub.removePane(key);
  }

  private scheduleProcesses(): void {
    if (this.stopped) return;
    const due = this.processes.nextDueAt();
    if (due === null || due >= this.procTimerAt) return;
    if (this.procTimer) clearTimeout(this.procTimer);
    this.procTimerAt = due;
    this.procTimer = setTimeout(
      () => {
        this.procTimer = null;
        this.procTimerAt = Infinity;
        this.runProcessTier(false);
      },
      Math.max(0, due - Date.now()),
    );
    this.procTimer.unref();
  }

  private runProcessTier(force: boolean): void {
    if (this.stopped) return;
    try {
      const changes = force ? this.processes.rescanNow() : this.processes.tick();
      for (const c of changes) {
        this.hub.setOccupant(c.pane, c.occupant);
        const s = this.screens.get(c.pane);
        if (s) {
          // A new occupant starts from a fresh reading, not its predecessor's screen state.
          s.observer.setAgentPresent(false);
          s.observer.setAgentPresent(c.occupant !== null);
          this.scheduleScreen(s);
        }
      }
    } catch (err) {
      this.o.log(`status: process scan failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.scheduleProcesses();
  }

  private scheduleScreen(s: PaneScreen): void {
    if (this.stopped || s.reading) return;
    const due = s.observer.nextDueAt();
    if (due === null || due >= s.timerAt) return;
    if (s.timer) clearTimeout(s.timer);
    s.timerAt = due;
    s.timer = setTimeout(() => void this.runScreen(s), Math.max(0, due - Date.now()));
    s.timer.unref();
  }

  private async runScreen(s: PaneScreen): Promise<void> {
    s.timer = null;
    s.timerAt = Infinity;
    s.reading = true;
    try {
      // Read what the PTY has sent so far, not a half-parsed backlog.
      const reading = await s.pane.mirror.whenParsed(() => s.observer.tick());
      if (reading !== undefined && this.screens.get(s.pane.key) === s)
        this.hub.setScreen(s.pane.key, reading);
    } catch (err) {
      this.o.log(
        `status: reading pane ${s.pane.id} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    } finally {
      s.reading = false;
    }
    if (this.screens.get(s.pane.key) === s) this.scheduleScreen(s);
  }

  private onChange(c: StatusChange): void {
    this.classifier.onChange(c);
    const pane = this.o.manager.panes.get(c.row.pane);
    if (!pane || c.removed) {
      this.needs.onChange(c);
      return;
    }
    const { pane: _key, ...row } = c.row;
    this.o.bus.emit({ type: 'agent-state-changed', previous_state: c.previous.state, ...row, ...pane.ref() });
    this.needs.onChange(c);
    this.o.bus.workspaceChanged();
  }

  private deliver(n: AgentNotification): void {
    const pane = this.o.manager.panes.get(n.pane);
    if (!pane) return;
    const who = n.label ?? n.agent ?? 'agent';
    // A blocked agent's notice carries its question, not a generic line.
    const q = n.kind === 'blocked' ? this.needs.question(n.pane) : null;
    const asked = q?.from === 'screen' ? q.question : undefined;
    const plain = n.kind === 'blocked' ? `${who} needs input` : `${who} is done`;
    this.o.manager.notify({
      title: `pane ${pane.id}`,
      message: asked ? `${who} asks: ${asked}` : n.message ? `${plain}: ${n.message}` : plain,
      level: n.kind === 'blocked' ? 'warn' : 'info',
      pane,
    });
  }
}
