'use client';
// Settings rows for config.toml's [notifications], [sounds], [confirm] and [clipboard] (configuration.md): each switch the
// web edition honours, as the file sets it or "Default (…)" — what applies here when the file sets
// nothing. A choice goes through config.setBehaviour, the same locked edit as the theme and prefix
// (comments and hand edits kept); "Default" removes the key. A refused save is one line.
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../api/trpcClient';
import { useConfigBehaviour } from '../settings/useConfigInput';
import { SettingSelect } from './SettingSelect';

type Table = 'notifications' | 'sounds' | 'confirm' | 'clipboard';

type Behaviour = NonNullable<ReturnType<typeof useConfigBehaviour>>;

interface SwitchRow {
  key: string;
  label: string;
  hint: string;
  /** What applies when the file sets nothing. */
  fallback: string;
}

/** One switch: shown as `label (key)`, so the page and the file use the same word. */
const row = (key: string, label: string, said: { hint: string; fallback: string }): SwitchRow => ({
  key,
  label: `${label} (${key})`,
  ...said,
});

const camel = (k: string) => k.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());

/** The file's value of `[table] key` as config.behaviour reads it (null: not set). */
function readSwitch(b: Behaviour, table: Table, key: string): boolean | null {
  const t = b[table] as unknown as Record<string, unknown>;
  const v = t[table === 'clipboard' ? 'osc52' : camel(key)];
  return typeof v === 'boolean' ? v : null;
}

const NOTICES: SwitchRow[] = [
  row('enabled', 'Desktop notifications', {
    hint: 'Off: no desktop notice from any browser (toasts in the page still show). Default: this browser’s Desktop notifications switch.',
    fallback: 'browser',
  }),
  row('pane_blocked', 'Pane needs input', {
    hint: 'A desktop notice when a pane’s agent waits for you.',
    fallback: 'on',
  }),
  row('pane_done', 'Pane finished', {
    hint: 'A desktop notice when a pane’s agent finishes its turn.',
    fallback: 'on',
  }),
  row('pane_exit', 'Clean pane exit', {
    hint: 'A notice when a pane’s program exits on its own with code 0.',
    fallback: 'off',
  }),
  row('pane_exit_error', 'Failed pane exit', {
    hint: 'A notice when a pane’s program exits on its own with another code.',
    fallback: 'on',
  }),
];

const CUE_NAMES = { blocked: 'Needs input', done: 'Finished', error: 'Error', bell: 'Terminal bell' };

const SOUNDS: SwitchRow[] = [
  row('enabled', 'Sounds', {
    hint: 'The master switch for every cue below, in every browser. Default: this browser’s Sound switch.',
    fallback: 'browser',
  }),
  ...(['blocked', 'done', 'error', 'bell'] as const).map((cue) =>
    row(cue, `${CUE_NAMES[cue]} cue`, {
      hint:
        cue === 'bell'
          ? 'A cue when a program in a pane rings the bell (BEL).'
          : `The ${cue} cue, from ${cue}_file when the file names one.`,
      fallback: 'on',
    }),
  ),
];

const CONFIRMS: SwitchRow[] = [
  row('close_pane', 'Closing a pane', {
    hint: 'Ask before closing a pane whose program still runs. Off: it closes at once.',
    fallback: 'ask',
  }),
  row('kill_workspace', 'Closing a tab', {
    hint: 'Ask before closing a tab where a program still runs.',
    fallback: 'ask',
  }),
  row('kill_session', 'Killing a session', {
    hint: 'Ask before killing a session and every program in it.',
    fallback: 'ask',
  }),
  row('load_profile', 'Replacing a session with a profile', {
    hint: 'The Profiles picker’s replace (Ctrl+R) asks for a second Ctrl+R.',
    fallback: 'ask',
  }),
];

const CLIPBOARD: SwitchRow[] = [
  row('enable_osc52', 'Programs may set the clipboard', {
    hint: 'OSC 52 from a program in a pane writes this browser’s clipboard. Applies to terminals opened after the change.',
    fallback: 'on',
  }),
];

const THROTTLES = ['500', '1000', '2000', '5000', '10000'];

function SwitchRows(o: { table: Table; rows: SwitchRow[] }) {
  const trpc = useTRPC();
  const behaviour = useConfigBehaviour();
  const save = useMutation(trpc.config.setBehaviour.mutationOptions());
  return (
    <>
      {o.rows.map((row) => {
        const value = behaviour ? readSwitch(behaviour, o.table, row.key) : null;
        return (
          <SettingSelect
            key={row.key}
            setting={`${o.table}.${row.key}`}
            label={row.label}
            hint={row.hint}
            value={value === null ? '' : value ? 'on' : 'off'}
            options={[
              ['', `Default (${row.fallback})`],
              ['on', 'On'],
              ['off', 'Off'],
            ]}
            disabled={!behaviour || save.isPending}
            onChange={(v) =>
              save.mutate({ table: o.table, set: { [row.key]: v === '' ? null : v === 'on' } })
            }
          />
        );
      })}
      {save.error && (
        <p role="alert" data-behaviour-error className="text-[12px] text-danger">
          {save.error.message}
        </p>
      )}
    </>
  );
}

/** `[confirm]`: what asks before closing (on = ask). */
export function ConfigConfirmFields() {
  return <SwitchRows table="confirm" rows={CONFIRMS} />;
}

/** `[clipboard] enable_osc52`. */
export function ConfigClipboardFields() {
  return <SwitchRows table="clipboard" rows={CLIPBOARD} />;
}

/** `[notifications]`: the switches the server's exit notices and the page's desktop notices read. */
export function ConfigNotificationFields() {
  return <SwitchRows table="notifications" rows={NOTICES} />;
}

/** `[sounds]`: the master switch, each cue, and the repeat suppression (throttle_ms). */
export function ConfigSoundFields() {
  const trpc = useTRPC();
  const behaviour = useConfigBehaviour();
  const save = useMutation(trpc.config.setBehaviour.mutationOptions());
  const current = behaviour ? String(behaviour.sounds.throttleMs) : '2000';
  const choices = THROTTLES.includes(current) ? THROTTLES : [...THROTTLES, current];
  return (
    <>
      <SwitchRows table="sounds" rows={SOUNDS} />
      <SettingSelect
        setting="sounds.throttle_ms"
        label="Repeat suppression (throttle_ms)"
        hint="The same cue plays at most once in this time."
        error={save.error?.message}
        value={current}
        options={choices.map((ms) => [ms, ms === '2000' ? '2000 ms (default)' : `${ms} ms`] as const)}
        disabled={!behaviour || save.isPending}
        onChange={(v) =>
          save.mutate({ table: 'sounds', set: { throttle_ms: v === '2000' ? null : Number(v) } })
        }
      />
    </>
  );
}
