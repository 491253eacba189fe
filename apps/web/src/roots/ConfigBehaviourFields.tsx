'use client';
// Settings rows for config.toml's [notifications] and [sounds] (configuration.md): each switch the
// web edition honours, as the file sets it or "Default (…)" — what applies here when the file sets
// nothing. A choice goes through config.setBehaviour, the same locked edit as the theme and prefix
// (comments and hand edits kept); "Default" removes the key. A refused save is one line.
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../api/trpcClient';
import { useConfigBehaviour } from '../settings/useConfigInput';
import { SettingSelect } from './SettingSelect';

type Table = 'notifications' | 'sounds';

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
