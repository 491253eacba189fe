// The Settings editors' forms for config.toml's [[commands]], [[services]], [[rules]] and [[hooks]], and how a
// form becomes the entry that is written: only the keys the person set, an optional key at its
// default left out unless the entry already wrote it, keys the form does not know kept as they
// are (the server names them if rozi does not know them either). Pure: tested without a page.

type EntryLeaf = string | number | boolean;
export type EntryValue = EntryLeaf | string[] | Record<string, EntryLeaf | string[]>;
export type Entry = Record<string, EntryValue>;
export type EntryTable = 'commands' | 'services' | 'rules' | 'hooks';
export type Form = Record<string, string | boolean>;
/** The words a key takes (restart, position, event, …): the server's readers' own lists (config.entries). */
export type Choices = Record<string, string[]>;

export const COMMAND_KINDS = ['run', 'send', 'popup', 'exec'] as const;
export const HOOK_KINDS = ['run', 'script'] as const;

const MANAGED: Record<EntryTable, readonly string[]> = {
  commands: ['id', 'label', 'keep_open', ...COMMAND_KINDS],
  services: ['name', 'run', 'cwd', 'restart', 'env'],
  rules: ['match', 'match_regex', 'float', 'width', 'height', 'position', 'workspace', 'focus', 'fullscreen'],
  hooks: ['event', 'filter', ...HOOK_KINDS],
};

/** A hook filter's `state` / `agent`: a string or a list, shown as a comma list. */
function listText(v: unknown): string {
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : '';
}

const filterOf = (e: Entry): Record<string, EntryLeaf | string[]> =>
  typeof e.filter === 'object' && !Array.isArray(e.filter) ? e.filter : {};

const str = (v: EntryValue | undefined): string =>
  v === undefined ? '' : typeof v === 'object' ? '' : String(v);

export function formOf(table: EntryTable, e: Entry = {}): Form {
  if (table === 'commands') {
    const kind = COMMAND_KINDS.find((k) => e[k] !== undefined) ?? 'run';
    return { id: str(e.id), kind, text: str(e[kind]), label: str(e.label), keepOpen: e.keep_open !== false };
  }
  if (table === 'hooks') {
    const kind = HOOK_KINDS.find((k) => e[k] !== undefined) ?? 'run';
    const f = filterOf(e);
    return {
      event: str(e.event),
      kind,
      text: str(e[kind]),
      state: listText(f.state),
      agent: listText(f.agent),
    };
  }
  if (table === 'services') {
    const env =
      typeof e.env === 'object' && !Array.isArray(e.env)
        ? Object.entries(e.env).map(([k, v]) => `${k}=${String(v)}`)
        : [];
    return {
      name: str(e.name),
      run: str(e.run),
      cwd: str(e.cwd),
      restart: str(e.restart) || 'on-failure',
      env: env.join('\n'),
    };
  }
  return {
    matchKind: e.match_regex !== undefined ? 'match_regex' : 'match',
    pattern: str(e.match_regex ?? e.match),
    float: e.float === true,
    width: str(e.width),
    height: str(e.height),
    position: str(e.position) || 'center',
    workspace: str(e.workspace),
    focus: e.focus !== false,
    fullscreen: e.fullscreen === true,
  };
}

/** `KEY=value` lines; a line without `=` is an error naming it. */
export function envOf(text: string): Record<string, string> | string {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const eq = line.indexOf('=');
    if (eq <= 0) return `env: '${line}' is not KEY=value`;
    env[line.slice(0, eq).trim()] = line.slice(eq + 1);
  }
  return env;
}

/** A number field: '' is unset; anything else must be a number. */
function numberOf(label: string, v: string | boolean | undefined): number | undefined | string {
  const s = String(v ?? '').trim();
  if (s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : `${label} must be a number`;
}

/** The entry to write, or one line saying which field is wrong. */
export function entryOf(table: EntryTable, f: Form, original: Entry = {}): Entry | string {
  const kept = Object.fromEntries(Object.entries(original).filter(([k]) => !MANAGED[table].includes(k)));
  const had = (k: string) => original[k] !== undefined;
  const s = (k: string) => String(f[k] ?? '');
  if (table === 'commands') {
    const kind = s('kind');
    if (!(COMMAND_KINDS as readonly string[]).includes(kind))
      return `kind must be one of ${COMMAND_KINDS.join(', ')}`;
    const out: Entry = { id: s('id').trim(), [kind]: s('text') };
    if (s('label').trim() !== '') out.label = s('label');
    if ((kind === 'run' || kind === 'popup') && (f.keepOpen === false || had('keep_open')))
      out.keep_open = f.keepOpen !== false;
    return { ...out, ...kept };
  }
  if (table === 'hooks') {
    const kind = s('kind') === 'script' ? 'script' : 'run';
    const out: Entry = { event: s('event'), [kind]: s('text') };
    // Filter keys the form does not show (pane) are kept; state / agent come from the form.
    const { state: _s, agent: _a, ...filter } = filterOf(original);
    for (const k of ['state', 'agent'] as const) {
      const list = s(k)
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (list.length === 1) filter[k] = list[0] as string;
      else if (list.length > 1) filter[k] = list;
    }
    if (Object.keys(filter).length > 0 || had('filter')) out.filter = filter;
    return { ...out, ...kept };
  }
  if (table === 'services') {
    const out: Entry = { name: s('name').trim(), run: s('run') };
    if (s('cwd').trim() !== '') out.cwd = s('cwd').trim();
    if (s('restart') !== 'on-failure' || had('restart')) out.restart = s('restart');
    const env = envOf(s('env'));
    if (typeof env === 'string') return env;
    if (Object.keys(env).length > 0 || had('env')) out.env = env;
    return { ...out, ...kept };
  }
  const out: Entry = { [s('matchKind') === 'match_regex' ? 'match_regex' : 'match']: s('pattern') };
  if (f.float === true || had('float')) out.float = f.float === true;
  if (f.float === true) {
    for (const k of ['width', 'height'] as const) {
      const n = numberOf(k, f[k]);
      if (typeof n === 'string') return n;
      if (n !== undefined) out[k] = n;
    }
    if (s('position') !== 'center' || had('position')) out.position = s('position');
  }
  const ws = numberOf('workspace', f.workspace);
  if (typeof ws === 'string') return ws;
  if (ws !== undefined) out.workspace = ws;
  if (f.focus === false || had('focus')) out.focus = f.focus !== false;
  if (f.fullscreen === true || had('fullscreen')) out.fullscreen = f.fullscreen === true;
  return { ...out, ...kept };
}

/** One row's words: `build · run make`, `watch · sleep 100`, `htop → floating`. */
export function summaryOf(table: EntryTable, e: Entry): { name: string; detail: string } {
  if (table === 'commands') {
    const kind = COMMAND_KINDS.find((k) => e[k] !== undefined);
    return {
      name: str(e.id) || '(no id)',
      detail: [kind ? `${kind} ${JSON.stringify(str(e[kind])).slice(1, -1)}` : 'no command', str(e.label)]
        .filter(Boolean)
        .join(' · '),
    };
  }
  if (table === 'services') return { name: str(e.name) || '(no name)', detail: str(e.run) };
  if (table === 'hooks') {
    const kind = HOOK_KINDS.find((k) => e[k] !== undefined);
    const f = filterOf(e);
    const when = [f.state ? `state ${listText(f.state)}` : '', f.agent ? `agent ${listText(f.agent)}` : '']
      .filter(Boolean)
      .join(', ');
    return {
      name: str(e.event) || '(no event)',
      detail: [kind ? `${kind} ${str(e[kind])}` : 'nothing to run', when].filter(Boolean).join(' · '),
    };
  }
  const name = e.match_regex !== undefined ? `/${str(e.match_regex)}/` : str(e.match) || '(no match)';
  const where = [
    e.float === true ? `floating at ${str(e.position) || 'center'}` : 'tiled',
    e.workspace !== undefined ? `workspace ${str(e.workspace)}` : '',
    e.focus === false ? 'keeps focus' : '',
    e.fullscreen === true ? 'fullscreen' : '',
  ];
  return { name, detail: where.filter(Boolean).join(', ') };
}

export const WHAT: Record<EntryTable, string> = {
  commands: 'command',
  services: 'service',
  rules: 'rule',
  hooks: 'hook',
};

/** Where a loading [[rules]] entry sends a matching command's pane (config.entries' `applied`). */
export interface RulePlacement {
  float: boolean;
  width: number;
  height: number;
  position: string;
  workspace: number | null;
  focus: boolean;
  fullscreen: boolean;
}

const pct = (f: number) => `${Math.round(f * 100)}%`;

/** The placement in words: `floating 70% × 50% at cursor, in the current workspace`. */
export function placementOf(r: RulePlacement): string {
  const parts = [
    r.float ? `floating ${pct(r.width)} × ${pct(r.height)} at ${r.position}` : 'tiled',
    r.workspace !== null ? `in workspace ${r.workspace}` : 'in the current workspace',
  ];
  if (r.fullscreen) parts.push('fullscreen');
  if (!r.focus) parts.push('without taking the focus');
  return parts.join(', ');
}
