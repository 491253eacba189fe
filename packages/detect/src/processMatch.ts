// Tier 1 of detection: which agent runs in a pane, from a snapshot of its process tree taken by
// the server (the server reads /proc; this module only reads the value). Candidates are the
// terminal's foreground process group, leader first then by depth, so the job the user is
// looking at decides; an agent's own children (tool shells, MCP servers) sit deeper and never
// shadow it. The agent process is returned, not only the definition, so the status hub can
// derive an occupant identity (pid + start time) from it.
import { launcherKind, programsBehind } from './lookThrough';
import { normaliseName, normalisePath } from './processNames';
import type { AgentDefinition, DefinitionSet } from './model';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  /** Full argv; argv[0] as the process set it. */
  argv: readonly string[];
  /** Resolved executable path (/proc/<pid>/exe) when readable. */
  exe?: string;
  /** Selected environment: at least ROZI_AGENT and HERDR_AGENT when set. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Opaque start time (e.g. clock ticks since boot), carried through for occupant identity. */
  startTime?: number;
}

export interface ProcessSnapshot {
  /** The pane's own process (usually its shell). */
  rootPid: number;
  /** The terminal's foreground process group (tcgetpgrp); omitted = unknown. */
  foregroundPgid?: number;
  /** The root and its descendants. Others are ignored. */
  processes: readonly ProcessInfo[];
}

export type MatchVia = 'env' | 'name' | 'path';

export interface ProcessMatch {
  definition: AgentDefinition;
  agentId: string;
  /** The agent's own process (behind any shell or package launcher that started it). */
  process: ProcessInfo;
  via: MatchVia;
  /** What matched: the env value, the name or the path fragment. */
  detail: string;
}

/** Environment variables that name the agent when a launcher hides it (spec). */
export const AGENT_ENV_VARS = ['ROZI_AGENT', 'HERDR_AGENT'] as const;

function descendantsInOrder(snapshot: ProcessSnapshot): ProcessInfo[] {
  const children = new Map<number, ProcessInfo[]>();
  const byPid = new Map<number, ProcessInfo>();
  for (const p of snapshot.processes) {
    byPid.set(p.pid, p);
    const list = children.get(p.ppid) ?? [];
    list.push(p);
    children.set(p.ppid, list);
  }
  const root = byPid.get(snapshot.rootPid);
  if (!root) return [];
  // Breadth-first from the pane's root: shallower processes are the jobs, deeper ones their work.
  const order: ProcessInfo[] = [];
  const seen = new Set<number>();
  const queue = [root];
  while (queue.length > 0) {
    const p = queue.shift() as ProcessInfo;
    if (seen.has(p.pid)) continue;
    seen.add(p.pid);
    order.push(p);
    for (const c of (children.get(p.pid) ?? []).slice().sort((a, b) => a.pid - b.pid)) queue.push(c);
  }
  return order;
}

function envAgent(p: ProcessInfo): string | undefined {
  for (const key of AGENT_ENV_VARS) {
    const v = p.env?.[key]?.trim();
    if (v) return v;
  }
  return undefined;
}

function byEnv(set: DefinitionSet, value: string): AgentDefinition | undefined {
  const exact = set.byId.get(value) ?? set.byId.get(value.toLowerCase());
  if (exact) return exact;
  const name = normaliseName(value);
  return set.definitions.find((d) => d.match.names.includes(name));
}

function matchOne(
  set: DefinitionSet,
  p: ProcessInfo,
): { definition: AgentDefinition; via: 'name' | 'path'; detail: string } | undefined {
  const program = p.argv[0] ?? p.exe ?? '';
  const names = new Set<string>();
  // A launcher's own basename is never the agent; what it runs might be.
  if (!launcherKind(program)) names.add(normaliseName(program));
  if (p.exe && !launcherKind(p.exe)) names.add(normaliseName(p.exe));
  for (const n of programsBehind(p.argv)) names.add(n);
  const tokens = [p.exe ?? '', ...p.argv].filter(Boolean).map(normalisePath);
  for (const definition of set.definitions) {
    const name = definition.match.names.find((n) => names.has(n));
    if (name) return { definition, via: 'name', detail: name };
    const path = definition.match.paths.find((frag) => tokens.some((t) => t.includes(frag)));
    if (path) return { definition, via: 'path', detail: path };
  }
  return undefined;
}

/** A shell or package launcher that matched may have started the agent as a child: prefer it. */
function agentBehind(
  start: ProcessInfo,
  ordered: ProcessInfo[],
  test: (p: ProcessInfo) => boolean,
): ProcessInfo {
  let current = start;
  // A snapshot is data (an extension or a test may hand in any): a process that is its own parent,
  // or two that are each other's, made this walk loop for ever. Each process is stepped once.
  const walked = new Set<ProcessInfo>([start]);
  for (;;) {
    const kind = launcherKind(current.argv[0] ?? current.exe ?? '');
    if (kind !== 'shell' && kind !== 'package-launcher') return current;
    const child = ordered.find((p) => p.ppid === current.pid && !walked.has(p) && test(p));
    if (!child) return current;
    walked.add(child);
    current = child;
  }
}

/**
 * The agent in a pane, or null. Consults the definitions in the set's order (config, then
 * extensions, then built-ins), for each candidate process from the foreground job's leader down.
 */
export function matchProcess(set: DefinitionSet, snapshot: ProcessSnapshot): ProcessMatch | null {
  const all = descendantsInOrder(snapshot);
  const fg = snapshot.foregroundPgid;
  const candidates = fg === undefined ? all : all.filter((p) => p.pgid === fg);
  // Leader of the foreground group first, then the rest breadth-first.
  candidates.sort(
    (a, b) => Number(b.pid === b.pgid && b.pgid === fg) - Number(a.pid === a.pgid && a.pgid === fg),
  );
  for (const p of candidates) {
    // The pane's interactive shell at its prompt may carry an exported ROZI_AGENT; that labels
    // the commands it starts, not the shell itself.
    const rootShell = p.pid === snapshot.rootPid && launcherKind(p.argv[0] ?? p.exe ?? '') === 'shell';
    const hint = rootShell ? undefined : envAgent(p);
    if (hint) {
      const definition = byEnv(set, hint);
      if (definition) {
        const agent = agentBehind(p, candidates, (c) => envAgent(c) === hint);
        return { definition, agentId: definition.id, process: agent, via: 'env', detail: hint };
      }
    }
    const m = matchOne(set, p);
    if (m) {
      const agent = agentBehind(p, candidates, (c) => matchOne(set, c)?.definition === m.definition);
      return {
        definition: m.definition,
        agentId: m.definition.id,
        process: agent,
        via: m.via,
        detail: m.detail,
      };
    }
  }
  return null;
}
