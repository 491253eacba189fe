'use client';
// Settings: the theme, [notifications], [sounds], commands, services, [session] and rules of config.toml,
// appearance, keyboard prefix, this browser's notifications, accessibility. Each section says whether it is saved in config.toml or in this browser only.
import { Field, FOCUS_RING, Select, TextInput, Toggle, Page } from '@rozi/ui';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useApplyTheme } from '../settings/useResolvedTheme';
import { registerServiceWorker } from '../shell/serviceWorker';
import { playChime } from '../status/chime';
import { EntryEditor } from '../configEntries/EntryEditor';
import { EntryUndoToast } from '../configEntries/undoToast';
import { ConfigServicesPanel } from '../status/configServices';
import { ConfigSessionPanel } from '../status/configSession';
import { ConfigStatusPanel } from '../status/configStatus';
import { AppProviders } from '../shell/AppProviders';
import {
  ConfigClipboardFields,
  ConfigConfirmFields,
  ConfigNotificationFields,
  ConfigSoundFields,
} from './ConfigBehaviourFields';
import {
  ConfigModifierFields,
  ConfigPrefixField,
  ConfigThemeField,
  ConfigWhichKeyField,
} from './ConfigFields';
import { ConfigKeyFields, LOGGING_KEYS, PANE_KEYS, SCRATCHPAD_KEYS } from './ConfigKeyFields';
import { DEFAULT_SETTINGS, FONT_SIZE_MAX, FONT_SIZE_MIN } from '../settings/settingsModel';
import { updateSettings, useSettings } from '../settings/settingsStore';

const SECTIONS = [
  ['theme', 'Theme'],
  ['appearance', 'Appearance'],
  ['keyboard', 'Keyboard'],
  ['notifications', 'Notifications'],
  ['notices-config', 'Notices and sounds'],
  ['config', 'config.toml'],
  ['accessibility', 'Accessibility'],
] as const;

/** Where a section's choices live: this browser only, or config.toml (every browser and the CLI). */
const STORED_IN = {
  browser: 'Saved in this browser only',
  config: 'Saved in config.toml: the same in every browser and for the rozi CLI',
} as const;

function Section(o: { id: string; title: string; storedIn: keyof typeof STORED_IN; children: ReactNode }) {
  const { id, title, children } = o;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-6 rounded-lg border border-line bg-surface p-5"
    >
      <h2 id={`${id}-title`} className="text-[15px] font-semibold">
        {title}
      </h2>
      <p data-stored-in={o.storedIn} className="mb-4 text-[11px] text-muted">
        {STORED_IN[o.storedIn]}
      </p>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}

export default function SettingsPage() {
  // One set of providers (one WebSocket) for the whole page: config-reloaded refreshes every
  // config.toml field here.
  return (
    <AppProviders>
      <SettingsBody />
    </AppProviders>
  );
}

function SettingsBody() {
  useApplyTheme();
  useEffect(registerServiceWorker, []);
  const settings = useSettings();
  return (
    <Page back={{ href: '/', label: 'Workspace' }} title="Settings">
      <div className="mx-auto flex max-w-4xl gap-8 px-4 py-6">
        <nav
          aria-label="Settings sections"
          className="sticky top-20 hidden h-fit w-40 shrink-0 flex-col gap-0.5 sm:flex"
        >
          {SECTIONS.map(([id, label]) => (
            <a
              key={id}
              href={`#${id}`}
              className={`rounded px-2 py-1 text-[13px] text-muted hover:bg-surface-2 hover:text-fg ${FOCUS_RING}`}
            >
              {label}
            </a>
          ))}
          <Link
            href="/settings/agents"
            className={`mt-2 rounded px-2 py-1 text-[13px] text-muted hover:bg-surface-2 hover:text-fg ${FOCUS_RING}`}
          >
            Agents →
          </Link>
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-5">
          <Section id="theme" storedIn="config" title="Theme">
            <ConfigThemeField />
          </Section>
          <Section id="appearance" storedIn="browser" title="Appearance">
            <Field label="Light or dark" hint="Used when config.toml names no theme, or names system.">
              {(id) => (
                <Select
                  id={id}
                  value={settings.theme}
                  onChange={(e) => updateSettings({ theme: e.target.value as typeof settings.theme })}
                  className="w-48"
                >
                  <option value="dark">Dark</option>
                  <option value="light">Light</option>
                  <option value="system">Follow the system</option>
                </Select>
              )}
            </Field>
            <Field label="Terminal font" hint="A CSS font-family list; the first installed font is used.">
              {(id, describedBy) => (
                <TextInput
                  id={id}
                  aria-describedby={describedBy}
                  className="font-mono"
                  value={settings.fontFamily}
                  onChange={(e) =>
                    updateSettings({ fontFamily: e.target.value || DEFAULT_SETTINGS.fontFamily })
                  }
                />
              )}
            </Field>
            <Field
              label={`Terminal font size: ${settings.fontSize}px`}
              hint="Ctrl+= and Ctrl+- change it from the workspace; Ctrl+0 resets."
            >
              {(id, describedBy) => (
                <input
                  id={id}
                  aria-describedby={describedBy}
                  type="range"
                  min={FONT_SIZE_MIN}
                  max={FONT_SIZE_MAX}
                  value={settings.fontSize}
                  onChange={(e) => updateSettings({ fontSize: Number(e.target.value) })}
                  className={`w-64 accent-[var(--rz-accent)] ${FOCUS_RING}`}
                />
              )}
            </Field>
            <div
              className="rounded-md border border-line bg-term p-3 font-mono text-fg"
              style={{ fontFamily: settings.fontFamily, fontSize: settings.fontSize }}
              aria-hidden="true"
            >
              ~/src/rozi $ codex --model o4
            </div>
          </Section>
          <Section id="keyboard" storedIn="config" title="Keyboard">
            <ConfigPrefixField />
            <ConfigWhichKeyField />
            <ConfigModifierFields />
          </Section>
          <Section id="notifications" storedIn="browser" title="Notifications">
            <Toggle
              label="Toasts"
              description="A message in the corner when a background agent needs input or is done."
              checked={settings.toasts}
              onChange={(toasts) => updateSettings({ toasts })}
            />
            <Toggle
              label="Sound"
              description="A short chime with each toast."
              checked={settings.sound}
              onChange={(sound) => {
                updateSettings({ sound });
                if (sound) playChime('attention');
              }}
            />
            <DesktopNotifications />
          </Section>
          <Section id="notices-config" storedIn="config" title="Notices and sounds">
            <p className="text-[12px] text-muted">
              [notifications] and [sounds]: where the file sets a switch, it wins over this browser’s.
            </p>
            <h3 className="text-[13px] font-semibold">Notifications</h3>
            <ConfigNotificationFields />
            <h3 className="mt-2 text-[13px] font-semibold">Sounds</h3>
            <ConfigSoundFields />
          </Section>
          <Section id="config" storedIn="config" title="config.toml">
            {/* The server's last read of config.toml. */}
            <ConfigStatusPanel />
            <p data-config-cli className="text-[12px] text-muted">
              Everything below is also <span className="font-mono">rozi config set KEY VALUE</span> (
              <span className="font-mono">rozi config keys</span> lists them) and{' '}
              <span className="font-mono">rozi config add|edit|remove TABLE …</span> for the lists;{' '}
              <span className="font-mono">rozi config undo</span> reverts the last change from here or there.
              Comments in the file are kept.
            </p>
            <TableHeading id="panes">Panes and shell</TableHeading>
            <ConfigKeyFields rows={PANE_KEYS} switches={['pane.hold_on_exit']} />
            <TableHeading id="commands">Commands</TableHeading>
            <p className="text-[12px] text-muted">
              [[commands]]: named commands in the palette and{' '}
              <span className="font-mono">rozi run-action ID</span>; bind one with [keys] ID = &quot;g&quot;.
            </p>
            <EntryEditor table="commands" />
            <TableHeading id="services">Services</TableHeading>
            <ConfigServicesPanel />
            <EntryEditor table="services" quietWhenEmpty />
            <TableHeading id="confirm">Confirmations</TableHeading>
            <ConfigConfirmFields />
            <TableHeading id="clipboard">Clipboard</TableHeading>
            <ConfigClipboardFields />
            <TableHeading id="session">Sessions</TableHeading>
            <ConfigSessionPanel />
            <TableHeading id="rules">Rules</TableHeading>
            <p className="text-[12px] text-muted">
              [[rules]]: a new pane started with a command takes the first rule whose match is in its command
              line (shell panes, popups and restored sessions do not).
            </p>
            <EntryEditor table="rules" />
            <TableHeading id="hooks">Hooks</TableHeading>
            <p className="text-[12px] text-muted">
              [[hooks]]: a shell command (run) or a sandboxed module (script) on an event, optionally only for
              some states or agents.
            </p>
            <EntryEditor table="hooks" />
            <TableHeading id="scratchpad">Scratchpad</TableHeading>
            <ConfigKeyFields rows={SCRATCHPAD_KEYS} />
            <TableHeading id="logging">Pane logging</TableHeading>
            <ConfigKeyFields rows={LOGGING_KEYS} />
          </Section>
          <Section id="agents" storedIn="config" title="Agents">
            <div className="flex items-center gap-4">
              <p className="flex-1 text-[12px] text-muted">
                How rozi recognises coding agents and reads their state: the built-in, config.toml and
                extension definitions, and an editor with a live preview of a pane.
              </p>
              <Link
                href="/settings/agents"
                className={`inline-flex h-8 shrink-0 items-center rounded-md border border-line bg-surface-2 px-3 text-[13px] font-medium text-fg hover:bg-surface-3 ${FOCUS_RING}`}
              >
                Agent definitions
              </Link>
            </div>
          </Section>
          <Section id="accessibility" storedIn="browser" title="Accessibility">
            <Toggle
              label="Screen reader mode"
              description={
                <>
                  Puts terminal text in the accessibility tree (xterm.js screen reader support). Also on with{' '}
                  <code className="font-mono">?a11y=1</code> in the URL.
                </>
              }
              checked={settings.screenReader}
              onChange={(screenReader) => updateSettings({ screenReader })}
            />
            <Toggle
              label="Reduce motion"
              description="Stops animations and the blinking cursor (the system setting is honoured as well)."
              checked={settings.reduceMotion}
              onChange={(reduceMotion) => updateSettings({ reduceMotion })}
            />
          </Section>
        </div>
      </div>
      <EntryUndoToast />
    </Page>
  );
}

function DesktopNotifications() {
  const settings = useSettings();
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(
    supported ? Notification.permission : 'unsupported',
  );
  return (
    <div className="flex flex-col gap-2">
      <Toggle
        label="Desktop notifications"
        description="Once per browser profile, however many rozi tabs are open. Needs your permission, asked only when you switch this on."
        checked={settings.desktopNotifications && permission === 'granted'}
        disabled={permission === 'unsupported' || permission === 'denied'}
        onChange={async (on) => {
          if (!on) {
            updateSettings({ desktopNotifications: false });
            return;
          }
          // Browsers only prompt from a real click: this handler is that click.
          const result = await Notification.requestPermission();
          setPermission(result);
          updateSettings({ desktopNotifications: result === 'granted' });
        }}
      />
      {permission === 'denied' && (
        <p className="text-[12px] text-blocked">
          Notifications are blocked for this site in the browser’s settings.
        </p>
      )}
      {permission === 'unsupported' && (
        <p className="text-[12px] text-muted">
          This browser has no desktop notifications. On iPhone and iPad, add rozi to the Home Screen first.
        </p>
      )}
    </div>
  );
}

/** One config.toml table's heading on the settings page; its id is the table's anchor. */
function TableHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="mt-2 text-[13px] font-semibold">
      {children}
    </h3>
  );
}
