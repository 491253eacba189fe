'use client';
// Settings fields saved in config.toml (issue 18): each reads the server's view of the file and
// writes through one locked edit that keeps the rest of the file (comments, order, hand edits).
// A failed save says why in one line under its field and changes nothing.
import { chordOfEvent, displaySequence, parseSequence } from '@rozi/keymap';
import { Button, Field, Kbd, Select, TextInput } from '@rozi/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { useConfigInput, type WhichKeyDelay } from '../settings/useConfigInput';
import { SettingSelect } from './SettingSelect';

const GROUPS = [
  ['system', 'Follows the device'],
  ['dark', 'Dark'],
  ['light', 'Light'],
  ['custom', 'Your theme files'],
] as const;

/** `[theme] name`: a preset, system, or a file in <config dir>/themes; unset = each browser's choice. */
export function ConfigThemeField() {
  const trpc = useTRPC();
  const theme = useQuery(trpc.config.theme.queryOptions()).data;
  const save = useMutation(trpc.config.setTheme.mutationOptions());
  // The name as written when it is a choice (a custom file that failed still shows as chosen).
  const value =
    !theme || theme.source === 'default'
      ? ''
      : (theme.choices.find((c) => c.id === theme.name)?.id ?? theme.palette?.id ?? 'system');
  return (
    <Field
      label="Theme"
      hint="The page and terminal colours, the same in every browser. A theme file in the themes folder beside config.toml is listed too."
      error={save.error?.message ?? theme?.warning ?? null}
    >
      {(id, describedBy) => (
        <Select
          id={id}
          aria-describedby={describedBy}
          data-config-theme-select
          // The setting people come to Settings for first: the page opens on it (ui Page).
          data-autofocus
          value={value}
          disabled={!theme || save.isPending}
          onChange={(e) => save.mutate({ name: e.target.value === '' ? null : e.target.value })}
          className="w-72"
        >
          <option value="">Not set: this browser’s choice</option>
          {GROUPS.map(([group, label]) => {
            const rows = theme?.choices.filter((c) => c.group === group) ?? [];
            return rows.length === 0 ? null : (
              <optgroup key={group} label={label}>
                {rows.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </Select>
      )}
    </Field>
  );
}

/** `[input] prefix`: one chord; saved in config.toml so every browser and the CLI's bindings agree. */
export function ConfigPrefixField() {
  const trpc = useTRPC();
  const { prefix: current } = useConfigInput();
  const save = useMutation(trpc.config.setInput.mutationOptions());
  const [text, setText] = useState(current);
  // A save from elsewhere (another browser, a hand edit) shows here once it is read.
  useEffect(() => setText(current), [current]);
  const [recording, setRecording] = useState(false);
  const parsed = parseSequence(text);
  const error =
    parsed && parsed.length === 1
      ? null
      : `“${text}” is not a single key chord; write it like ctrl-a or ctrl-b`;
  return (
    <Field
      label="Prefix key"
      hint={`Chords start with the prefix, like tmux: ${displaySequence([...(parseSequence(current) ?? ['ctrl-a']), '%'])} splits right. Press it twice to send it to the terminal.`}
      error={(text !== current ? error : null) ?? save.error?.message ?? null}
    >
      {(id, describedBy) => (
        <div className="flex flex-wrap items-center gap-2">
          <TextInput
            id={id}
            aria-describedby={describedBy}
            className="w-40 font-mono"
            value={recording ? 'press a key…' : text}
            readOnly={recording}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (!recording) return;
              const chord = chordOfEvent(e.nativeEvent);
              if (!chord) return;
              e.preventDefault();
              setText(chord);
              setRecording(false);
            }}
            onBlur={() => setRecording(false)}
          />
          <Button
            onClick={(e) => {
              setRecording(true);
              (e.currentTarget.previousElementSibling as HTMLInputElement | null)?.focus();
            }}
          >
            Record
          </Button>
          <Button
            variant="primary"
            disabled={!!error || text === current || save.isPending}
            onClick={() => save.mutate({ prefix: text })}
          >
            Save
          </Button>
          <span className="text-[12px] text-muted">
            Now: <Kbd>{displaySequence(parseSequence(current) ?? ['ctrl-a'])}</Kbd>
          </span>
        </div>
      )}
    </Field>
  );
}

const WHICH_KEY_OPTIONS: readonly (readonly [WhichKeyDelay, string])[] = [
  ['off', 'Off'],
  ['instant', 'Instant'],
  ['short', 'Short (300 ms)'],
  ['long', 'Long (750 ms)'],
];

/** `[input] which_key`: how long the prefix is held before the strip of next keys shows. */
export function ConfigWhichKeyField() {
  const trpc = useTRPC();
  const { whichKey } = useConfigInput();
  const save = useMutation(trpc.config.setInput.mutationOptions());
  return (
    <SettingSelect
      label="Which-key"
      hint="After the prefix, a strip lists the keys that can follow. A chord finished quickly never shows it."
      error={save.error?.message}
      value={whichKey}
      options={WHICH_KEY_OPTIONS}
      disabled={save.isPending}
      onChange={(v) => save.mutate({ whichKey: v as WhichKeyDelay })}
    />
  );
}

/**
 * `[input] modifier` and `modifier_shortcuts` (keybindings.md, "Held modifier"): with the mirror
 * on, holding the modifier and pressing a key does what the prefix and that key do, in one press.
 */
export function ConfigModifierFields() {
  const trpc = useTRPC();
  const input = useQuery(trpc.config.input.queryOptions()).data;
  const { prefix } = useConfigInput();
  const save = useMutation(trpc.config.setInput.mutationOptions());
  const held = input?.modifier === 'meta' ? 'Super' : 'Alt';
  const example = displaySequence([...(parseSequence(prefix) ?? ['ctrl-a']), '%']);
  return (
    <>
      <SettingSelect
        label="Modifier shortcuts"
        hint={`On: ${held}+% splits right like ${example}, in one press, and so on for every prefix key. Off: held ${held} chords reach the terminal (word motion in the shell). Chords the desktop keeps, like Alt+Tab, never reach the page; their prefix keys still work.`}
        error={save.error?.message}
        value={!input?.modifierShortcutsSet ? '' : input.modifierShortcuts ? 'on' : 'off'}
        options={[
          ['', 'Default (on)'],
          ['on', 'On'],
          ['off', 'Off'],
        ]}
        disabled={!input || save.isPending}
        onChange={(v) => save.mutate({ modifierShortcuts: v === '' ? null : v === 'on' })}
      />
      <SettingSelect
        label="Held modifier"
        hint="The key held for modifier shortcuts. Super is the Windows or Command key; many desktops keep its chords for themselves."
        value={input?.modifierSet === null || !input ? '' : input.modifier === 'meta' ? 'super' : 'alt'}
        options={[
          ['', 'Default (Alt)'],
          ['alt', 'Alt'],
          ['super', 'Super'],
        ]}
        disabled={!input || save.isPending}
        onChange={(v) => save.mutate({ modifier: v === '' ? null : v })}
      />
    </>
  );
}
