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

interface SwitchRow {
  key: string;
  label: string;
  hint: string;
  /** What applies when the file sets nothing. */
  fallback: string;
  read: (b: NonNullable<ReturnType<typeof useConfigBehaviour>>) => boolean | null;
}

const NOTICES: SwitchRow[] = [
  {
    key: 'enabled',
    label: 'Desktop notifications (enabled)',
    hint: 'Off: no desktop notice from any browser (toasts in the page still show). Default: this browser’s Desktop notifications switch.',
    fallback: 'browser',
    read: (b) => b.notifications.enabled,
  },
  {
    key: 'pane_blocked',
    label: 'Pane needs input (pane_blocked)',
    hint: 'A desktop notice when a pane’s agent waits for you.',
    fallback: 'on',
    read: (b) => b.notifications.paneBlocked,
  },
  {
    key: 'pane_done',
    label: 'Pane finished (pane_done)',
    hint: 'A desktop notice when a pane’s agent finishes its turn.',
    fallback: 'on',
    read: (b) => b.notifications.paneDone,
  },
  {
    key: 'pane_exit',
    label: 'Clean pane exit (pane_exit)',
    hint: 'A notice when a pane’s program exits on its own with code 0.',
    fallback: 'off',
    read: (b) => b.notifications.paneExit,
  },
  {
    key: 'pane_exit_error',
    label: 'Failed pane exit (pane_exit_error)',
    hint: 'A notice when a pane’s program exits on its own with another code.',
    fallback: 'on',
    read: (b) => b.notifications.paneExitError,
  },
];

const SOUNDS: SwitchRow[] = [
  {
    key: 'enabled',
    label: 'Sounds (enabled)',
    hint: 'The master switch for every cue below, in every browser. Default: this browser’s Sound switch.',
    fallback: 'browser',
    read: (b) => b.sounds.enabled,
  },
  ...(['blocked', 'done', 'error', 'bell'] as const).map((cue) => ({
    key: cue,
    label: `${{ blocked: 'Needs input', done: 'Finished', error: 'Error', bell: 'Terminal bell' }[cue]} cue (${cue})`,
    hint:
      cue === 'bell'
        ? 'A cue when a program in a pane rings the bell (BEL).'
        : `The ${cue} cue, from ${cue}_file when the file names one.`,
    fallback: 'on',
    read: (b: NonNullable<ReturnType<typeof useConfigBehaviour>>) => b.sounds[cue],
  })),
];

const CONFIRMS: SwitchRow[] = [
  {
    key: 'close_pane',
    label: 'Closing a pane (close_pane)',
    hint: 'Ask before closing a pane whose program still runs. Off: it closes at once.',
    fallback: 'ask',
    read: (b) => b.confirm.closePane,
  },
  {
    key: 'kill_workspace',
    label: 'Closing a tab (kill_workspace)',
    hint: 'Ask before closing a tab where a program still runs.',
    fallback: 'ask',
    read: (b) => b.confirm.killWorkspace,
  },
  {
    key: 'kill_session',
    label: 'Killing a session (kill_session)',
    hint: 'Ask before killing a session and every program in it.',
    fallback: 'ask',
    read: (b) => b.confirm.killSession,
  },
  {
    key: 'load_profile',
    label: 'Replacing a session with a profile (load_profile)',
    hint: 'The Profiles picker’s replace (Ctrl+R) asks for a second Ctrl+R.',
    fallback: 'ask',
    read: (b) => b.confirm.loadProfile,
  },
];

const CLIPBOARD: SwitchRow[] = [
  {
    key: 'enable_osc52',
    label: 'Programs may set the clipboard (enable_osc52)',
    hint: 'OSC 52 from a program in a pane writes this browser’s clipboard. Applies to terminals opened after the change.',
    fallback: 'on',
    read: (b) => b.clipboard.osc52,
  },
];

const THROTTLES = ['500', '1000', '2000', '5000', '10000'];

function SwitchRows(o: { table: Table; rows: SwitchRow[] }) {
  const trpc = useTRPC();
  const behaviour = useConfigBehaviour();
  const save = useMutation(trpc.config.setBehaviour.mutationOptions());
  return (
    <>
      {o.rows.map((row) => {
        const value = behaviour ? row.read(behaviour) : null;
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
