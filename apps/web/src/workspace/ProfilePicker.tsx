'use client';
// rozi's Profiles picker (profiles.md, Profile picker actions): saved and project profiles with
// their canonical session's state and the default marked. Enter opens the canonical same-name
// session (launching it from the profile when it is not running); Ctrl+O launches the profile
// under another name; Ctrl+N captures the shown session as a profile (a second Enter overwrites);
// Ctrl+R twice replaces the shown session's panes with the profile's (once with config.toml's
// `[confirm] load_profile = false`); Ctrl+F toggles
// `[profile] default`; Ctrl+D twice deletes the profile file. A profile that launched in part
// names each problem in one notice. The focus follows the view: the name field while naming, the
// filter otherwise (the field that held it is gone, and the browser would hand it to the ×).
import { Dialog, Kbd } from '@rozi/ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import { useConfigBehaviour } from '../settings/useConfigInput';

type Client = ReturnType<typeof useTRPCClient>;
type Rows = Awaited<ReturnType<Client['profiles']['list']['query']>>;
type Row = Rows['profiles'][number];

export interface ProfilePickerProps {
  open: boolean;
  /** 'capture' starts naming a new profile; 'replace' says Ctrl+R first. */
  mode: 'list' | 'capture' | 'replace';
  onClose(): void;
  /** The session on screen (capture and replace act on it). */
  session: string | undefined;
  /** The focused pane's directory: project profiles are found from it. */
  dir: string | null;
  selectSession(name: string): void;
  notice(message: string, tone?: 'info' | 'error'): void;
}

type Naming = { kind: 'launch-as' | 'capture'; value: string; overwrite: boolean };
const FIELD = 'h-8 flex-1 bg-transparent text-[14px] outline-none placeholder:text-muted';

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function ProfilePicker(p: ProfilePickerProps) {
  return (
    <Dialog
      open={p.open}
      onClose={p.onClose}
      title="Profiles"
      placement="top"
      width="min(640px, calc(100vw - 2rem))"
    >
      {p.open && <PickerInside {...p} />}
    </Dialog>
  );
}

function PickerInside(p: ProfilePickerProps) {
  const client = useTRPCClient();
  const askBeforeReplace = useConfigBehaviour()?.confirm.loadProfile !== false;
  const [rows, setRows] = useState<Rows | null>(null);
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState(0);
  const [armed, setArmed] = useState<{ key: 'r' | 'd'; name: string } | null>(null);
  const [naming, setNaming] = useState<Naming | null>(
    p.mode === 'capture' ? { kind: 'capture', value: p.session ?? '', overwrite: false } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const filter = useRef<HTMLInputElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const listId = useId();
  const view = naming?.kind ?? 'list';
  useEffect(() => {
    const field = () => (view === 'list' ? filter.current : nameField.current);
    field()?.focus();
    // Chromium moves the focus off a removed element after React's commit: look again next frame.
    const again = requestAnimationFrame(() => {
      const f = field();
      if (f && document.activeElement !== f) f.focus();
    });
    return () => cancelAnimationFrame(again);
  }, [view]);

  const reload = useCallback(
    () =>
      client.profiles.list
        .query({ dir: p.dir })
        .then(setRows)
        .catch((err: unknown) => setError(message(err))),
    [client, p.dir],
  );
  useEffect(() => void reload(), [reload]);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (rows?.profiles ?? []).filter((r) => !q || r.name.toLowerCase().includes(q));
  }, [rows, query]);
  const current: Row | undefined = shown[Math.min(cursor, Math.max(0, shown.length - 1))];

  const report = (r: { session: string; profile: string; problems: string[] }, verb: string) => {
    const extra = r.problems.length ? `; ${r.problems.length} problem(s): ${r.problems.join('; ')}` : '';
    p.notice(`${verb} ${r.session} from profile ${r.profile}${extra}`, r.problems.length ? 'error' : 'info');
  };

  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(message(err));
    }
  };

  const open = (row: Row) =>
    run(async () => {
      if (row.running && row.source === 'user') {
        p.selectSession(row.name);
        p.onClose();
        return;
      }
      const r = await client.profiles.launch.mutate({ profile: row.path, name: row.name, dir: p.dir });
      report(r, 'Launched');
      p.selectSession(r.session);
      p.onClose();
    });

  const submitName = (n: Naming) =>
    run(async () => {
      const name = n.value.trim();
      if (n.kind === 'launch-as' && current) {
        const r = await client.profiles.launch.mutate({
          profile: current.path,
          name: name || null,
          dir: p.dir,
        });
        report(r, 'Launched');
        p.selectSession(r.session);
        p.onClose();
        return;
      }
      if (!p.session) throw new Error('no session is shown to capture');
      const exists = rows?.profiles.some((r) => r.source === 'user' && r.name === name) ?? false;
      if (exists && !n.overwrite) {
        setNaming({ ...n, overwrite: true });
        setError(`profile ${name} exists: Enter again to overwrite it`);
        return;
      }
      const r = await client.profiles.save.mutate({ session: p.session, name, force: n.overwrite });
      p.notice(`Saved profile ${r.profile} to ${r.path} (${r.panes} pane(s))`);
      setNaming(null);
      await reload();
    });

  const onKey = (e: React.KeyboardEvent) => {
    const key = e.key.toLowerCase();
    if (e.ctrlKey && !e.altKey && !e.metaKey && 'onrfd'.includes(key) && key.length === 1) {
      e.preventDefault();
      if (key === 'n') {
        setNaming({ kind: 'capture', value: p.session ?? '', overwrite: false });
        return;
      }
      if (!current) return;
      if (key === 'o') setNaming({ kind: 'launch-as', value: '', overwrite: false });
      else if (key === 'f')
        void run(async () => {
          const r = await client.profiles.setDefault.mutate({
            name: current.isDefault ? null : current.name,
          });
          p.notice(r.default ? `${r.default} is the default profile` : 'No default profile');
          await reload();
        });
      else if (key === 'r' || key === 'd') {
        const asks = key === 'd' || askBeforeReplace;
        if (asks && !(armed?.key === key && armed.name === current.name)) {
          setArmed({ key, name: current.name });
          return;
        }
        setArmed(null);
        if (key === 'd')
          void run(async () => {
            const r = await client.profiles.remove.mutate({ name: current.name });
            p.notice(`Deleted ${r.path}${r.clearedDefault ? ' (the default profile is cleared)' : ''}`);
            await reload();
          });
        else if (p.session) {
          const session = p.session;
          void run(async () => {
            const r = await client.profiles.replace.mutate({ session, profile: current.path, dir: p.dir });
            report(r, 'Replaced');
            p.onClose();
          });
        }
      }
      return;
    }
    if (e.key === 'Enter' && current) void open(current);
    else if (e.key === 'ArrowDown') setCursor((c) => Math.min(shown.length - 1, c + 1));
    else if (e.key === 'ArrowUp') setCursor((c) => Math.max(0, c - 1));
    else return;
    setArmed(null);
    e.preventDefault();
  };

  if (naming)
    return (
      <form
        className="flex flex-col"
        data-profile-naming={naming.kind}
        onSubmit={(e) => {
          e.preventDefault();
          void submitName(naming);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          e.stopPropagation();
          setNaming(null);
          setError(null);
        }}
      >
        <div className="flex items-center gap-2 border-b border-line px-3 py-2">
          <span className="text-[12px] text-muted">
            {naming.kind === 'capture' ? 'Capture as' : `Launch ${current?.name ?? ''} as`}
          </span>
          <input
            ref={nameField}
            aria-label={naming.kind === 'capture' ? 'Profile name' : 'Session name'}
            value={naming.value}
            placeholder={naming.kind === 'capture' ? 'profile name' : 'session name'}
            onChange={(e) => setNaming({ ...naming, value: e.target.value, overwrite: false })}
            className={FIELD}
          />
        </div>
        {error && <p className="px-3 py-2 text-[12px] text-danger">{error}</p>}
        <Hints
          hints={[
            ['Enter', naming.kind === 'capture' ? 'save' : 'launch'],
            ['Esc', 'back'],
          ]}
        />
      </form>
    );

  return (
    <div className="flex flex-col" onKeyDown={onKey} data-profile-picker>
      <div className="flex items-center gap-2 border-b border-line px-3 py-2">
        <input
          ref={filter}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={current ? `${listId}-${shown.indexOf(current)}` : undefined}
          aria-label="Filter profiles"
          value={query}
          placeholder="Type to filter profiles"
          onChange={(e) => {
            setQuery(e.target.value);
            setCursor(0);
            setArmed(null);
          }}
          className={FIELD}
        />
        <span className="text-[11px] text-muted">{shown.length}</span>
      </div>
      <ul id={listId} role="listbox" aria-label="Profiles" className="max-h-[50vh] overflow-y-auto py-1">
        {shown.map((row, i) => {
          const on = row === current;
          const isArmed = armed !== null && armed.name === row.name && on;
          return (
            <li
              key={`${row.source}:${row.name}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={on}
              data-profile={row.name}
              onMouseMove={() => !on && setCursor(shown.indexOf(row))}
              onClick={() => void open(row)}
              className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-[13px] ${on ? 'bg-accent/15' : ''}`}
            >
              <span className={`min-w-0 flex-1 truncate ${isArmed ? 'text-danger line-through' : 'text-fg'}`}>
                {row.name}
              </span>
              {isArmed ? (
                <span className="text-[11px] text-danger">
                  <Kbd>{armed.key === 'r' ? 'Ctrl+R' : 'Ctrl+D'}</Kbd> again to{' '}
                  {armed.key === 'r' ? `replace ${p.session ?? ''}` : 'delete'}
                </span>
              ) : (
                <>
                  {row.source === 'project' && <Badge>project</Badge>}
                  {row.isDefault && <Badge>default</Badge>}
                  {row.running && <Badge>{row.name === p.session ? 'attached' : 'running'}</Badge>}
                </>
              )}
            </li>
          );
        })}
        {rows && shown.length === 0 && (
          <li className="px-3 py-3 text-[13px] text-muted">
            {rows.profiles.length ? 'No matches' : 'No profiles yet: Ctrl+N captures this session'}
          </li>
        )}
      </ul>
      {error && (
        <p role="alert" className="border-t border-line px-3 py-2 text-[12px] text-danger">
          {error}
        </p>
      )}
      {p.mode === 'replace' && p.session && (
        <p className="border-t border-line px-3 py-2 text-[12px] text-muted">
          Highlight a profile and press <Kbd>Ctrl+R</Kbd> twice: every pane of {p.session} ends and the
          profile&apos;s panes start in its place.
        </p>
      )}
      <Hints
        hints={[
          ['Enter', current?.running ? 'attach' : 'launch'],
          ['Ctrl+O', 'launch as'],
          ['Ctrl+N', 'capture'],
          ...(p.session ? ([['Ctrl+R', 'replace session']] as [string, string][]) : []),
          ['Ctrl+F', 'default'],
          ['Ctrl+D', 'delete'],
        ]}
      />
    </div>
  );
}

function Badge({ children }: { children: React.ReactNode }) {
  return <span className="shrink-0 rounded bg-surface-2 px-1.5 text-[11px] text-muted">{children}</span>;
}

function Hints({ hints }: { hints: [string, string][] }) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-line px-3 py-2 text-[11px] text-muted">
      {hints.map(([key, label]) => (
        <span key={key}>
          <Kbd>{key}</Kbd> {label}
        </span>
      ))}
    </div>
  );
}
