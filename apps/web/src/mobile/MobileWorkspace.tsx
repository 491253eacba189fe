'use client';
// The phone layout (≤ 640 px): a deck of pane cards with their state; a tap opens the pane's
// terminal full screen with a key row (Esc, Tab, Ctrl, Alt, arrows) above the on-screen keyboard.
import type { PaneView } from '@rozi/server/view';
import {
  countStates,
  EmptyState,
  FOCUS_RING,
  IconButton,
  PaneCard,
  Rollup,
  STATE_URGENCY,
  StatusBadge,
} from '@rozi/ui';
import { useEffect, useState } from 'react';
import { ConnectionBanner } from '../shell/ConnectionBanner';
import { ConfigWarningBanner } from '../status/configStatus';
import { terminalFor } from '../terminal/terminalRegistry';
import { TerminalView } from '../terminal/TerminalView';
import { ControlChip } from '../workspace/ControlChip';
import type { WorkspaceController } from '../workspace/useWorkspaceController';
import { WorkspaceDialogs } from '../workspace/WorkspaceDialogs';
import type { Modifiers, RowKey } from './keyRow';
import { applyModifiers, rowKeyBytes } from './keyRow';
import { basename } from '../model/paths';
import { InboxList } from '../inbox/InboxList';
import { StartingNotice } from '../workspace/StartingNotice';

export function MobileWorkspace({ c }: { c: WorkspaceController }) {
  const [openKey, setOpenKey] = useState<number | null>(null);
  // Back from a terminal, the focus returns to that pane's card (its view is gone: it fell to <body>).
  const [cameFrom, setCameFrom] = useState<number | null>(null);
  const open = openKey !== null ? c.workspace.paneByKey(openKey) : undefined;
  useEffect(() => {
    if (open || cameFrom === null) return;
    document.querySelector<HTMLElement>(`[data-card-pane="${cameFrom}"] button`)?.focus();
    setCameFrom(null);
  }, [open, cameFrom]);
  // A pane started from this page (palette, keys, launcher): its terminal opens as soon as the
  // workspace knows it; until then a starting screen stands in, holding what is typed.
  const { landing, endLanding } = c;
  const landedKey = landing?.key ?? null;
  const landedKnown = landedKey !== null && c.workspace.paneByKey(landedKey) !== undefined;
  useEffect(() => {
    if (landedKey === null || !landedKnown) return;
    setOpenKey(landedKey);
    endLanding();
  }, [landedKey, landedKnown, endLanding]);
  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-bg">
      <ConnectionBanner />
      <ConfigWarningBanner />
      {landing ? (
        <MobileStarting onBack={endLanding} />
      ) : open ? (
        <MobileTerminal
          pane={open}
          c={c}
          onBack={() => {
            setCameFrom(open.key);
            setOpenKey(null);
          }}
        />
      ) : (
        <CardDeck
          c={c}
          onOpen={(pane) => {
            setOpenKey(pane.key);
            void c.api.focusPane(pane.key);
          }}
        />
      )}
      <WorkspaceDialogs c={c} />
    </div>
  );
}

const urgencyOf = (p: PaneView) => (p.status ? STATE_URGENCY[p.status.state] : -1);

function CardDeck({ c, onOpen }: { c: WorkspaceController; onOpen(pane: PaneView): void }) {
  // The deck opens with the focus on its first card (the most urgent pane), not on <body>.
  const hasCards = (c.workspace.data?.sessions.length ?? 0) > 0;
  useEffect(() => {
    if (!hasCards || (document.activeElement !== null && document.activeElement !== document.body)) return;
    if ([...document.querySelectorAll('dialog')].some((d) => d.open)) return;
    document.querySelector<HTMLElement>('[data-card-pane] button')?.focus({ preventScroll: true });
  }, [hasCards]);
  // What needs the person comes first: sessions by their most urgent pane, panes by urgency
  // (a blocked agent was twelve cards down in session order). Sorts are stable, so equals keep
  // the server's order.
  const sessions = [...(c.workspace.data?.sessions ?? [])].sort(
    (a, b) =>
      Math.max(-1, ...c.workspace.panesOfSession(b.name).map(urgencyOf)) -
      Math.max(-1, ...c.workspace.panesOfSession(a.name).map(urgencyOf)),
  );
  return (
    <>
      <header className="flex h-[52px] shrink-0 items-center gap-2 border-b border-line bg-surface px-3">
        <span aria-hidden="true" className="inline-block size-4 rounded-[4px] bg-accent" />
        <h1 className="text-[16px] font-semibold">rozi</h1>
        <div className="ml-auto flex items-center gap-1">
          <IconButton icon="activity" label="Activity" size="lg" onClick={c.ui.openActivity} />
          <IconButton
            icon="plus"
            label="New agent"
            size="lg"
            onClick={() => c.ui.openLauncher(sessions.length ? 'new-tab' : 'new-session')}
          />
          <IconButton icon="settings" label="Settings" size="lg" onClick={c.ui.openSettings} />
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto p-3" data-card-deck>
        {/* What needs a person comes first, answerable here with large buttons. */}
        {(c.inbox.items.length > 0 || c.inbox.history.length > 0) && (
          <section aria-label="Needs you" data-mobile-inbox className="mb-4">
            <h2 className="mb-2 px-1 text-[13px] font-semibold text-fg">
              Needs you <span className="font-normal text-muted">{c.inbox.items.length}</span>
            </h2>
            <InboxList
              inbox={c.inbox}
              size="large"
              onOpenPane={(target) => {
                const pane = c.workspace.paneByKey(target.key);
                if (pane) onOpen(pane);
              }}
            />
          </section>
        )}
        {sessions.length === 0 && !c.workspace.isLoading && (
          <EmptyState title="No sessions">Tap + to start an agent or a shell.</EmptyState>
        )}
        {sessions.map((session) => {
          const panes = [...c.workspace.panesOfSession(session.name)].sort(
            (a, b) => urgencyOf(b) - urgencyOf(a),
          );
          return (
            <section key={session.name} aria-label={`Session ${session.name}`} className="mb-4">
              <h2 className="mb-2 flex items-baseline gap-2 px-1">
                <span className="text-[13px] font-semibold text-fg">{session.name}</span>
                {session.host && (
                  <span
                    data-host-chip={session.hostState ?? undefined}
                    title={session.hostReason ?? undefined}
                    className="rounded border border-line px-1 text-[11px] text-muted"
                  >
                    {session.hostState === 'connected'
                      ? session.host
                      : `${session.host} · ${session.hostState}`}
                  </span>
                )}
                <Rollup counts={countStates(panes.map((p) => p.status?.state))} />
              </h2>
              <div className="flex flex-col gap-2">
                {panes.map((pane) => (
                  <div key={pane.key} data-card-pane={pane.key}>
                    <PaneCard
                      title={pane.status?.label ?? pane.title}
                      subtitle={`tab ${session.tabs.find((t) => t.id === pane.tab)?.name ?? pane.tab} · pane ${pane.id}`}
                      context={basename(pane.cwd)}
                      state={pane.status?.state ?? null}
                      agentLabel={null}
                      onOpen={() => onOpen(pane)}
                    />
                  </div>
                ))}
              </div>
            </section>
          );
        })}
      </div>
    </>
  );
}

/** The full screen a pane started here shows until the server has placed it (a moment). */
function MobileStarting({ onBack }: { onBack(): void }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-mobile-starting="">
      <header className="flex h-[52px] shrink-0 items-center gap-2 border-b border-line bg-surface px-2">
        <IconButton icon="chevronLeft" label="Back to panes" size="lg" onClick={onBack} />
        <span className="min-w-0 flex-1 truncate text-[14px] font-medium">New pane</span>
      </header>
      <div className="relative min-h-0 flex-1 bg-term">
        <StartingNotice starting title="a new pane" />
      </div>
    </div>
  );
}

const ROW: ReadonlyArray<{ key: RowKey | 'ctrl' | 'alt'; label: string; aria: string }> = [
  { key: 'esc', label: 'Esc', aria: 'Escape' },
  { key: 'tab', label: 'Tab', aria: 'Tab' },
  { key: 'ctrl', label: 'Ctrl', aria: 'Control (applies to the next key)' },
  { key: 'alt', label: 'Alt', aria: 'Alt (applies to the next key)' },
  { key: 'left', label: '←', aria: 'Left arrow' },
  { key: 'up', label: '↑', aria: 'Up arrow' },
  { key: 'down', label: '↓', aria: 'Down arrow' },
  { key: 'right', label: '→', aria: 'Right arrow' },
];

function MobileTerminal({ pane, c, onBack }: { pane: PaneView; c: WorkspaceController; onBack(): void }) {
  const [mods, setMods] = useState<Modifiers>({ ctrl: false, alt: false });
  const state = pane.status?.state ?? null;
  const press = (key: (typeof ROW)[number]['key']) => {
    if (key === 'ctrl' || key === 'alt') {
      setMods((m) => ({ ...m, [key]: !m[key] }));
      return;
    }
    terminalFor(pane.key)?.input(rowKeyBytes(key, mods));
    setMods({ ctrl: false, alt: false });
  };
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-mobile-terminal={pane.key}>
      <header className="flex h-[52px] shrink-0 items-center gap-2 border-b border-line bg-surface px-2">
        {/* Ctrl+A s (focus-sidebar) lands here: the terminal keeps Tab, this is the way out. */}
        <IconButton
          icon="chevronLeft"
          label="Back to panes"
          size="lg"
          onClick={onBack}
          data-back-to-panes=""
        />
        <span className="min-w-0 flex-1 truncate text-[14px] font-medium">
          {pane.status?.label ?? pane.title}
        </span>
        {state && <StatusBadge state={state} />}
        {/* VIEW · browser N: a tap takes control, and the terminal takes this phone's size. */}
        <ControlChip control={c.control} onManage={c.ui.openCollaborators} large />
      </header>
      <div className="relative min-h-0 flex-1">
        <TerminalView
          paneKey={pane.key}
          focused
          label={`pane ${pane.id} ${pane.title}`}
          onFocusRequest={() => undefined}
          scrollback={pane.scrollback}
          transformInput={(data) => {
            if (!mods.ctrl && !mods.alt) return data;
            setMods({ ctrl: false, alt: false });
            return applyModifiers(data, mods);
          }}
        />
        <StartingNotice starting={pane.starting} title={pane.title} />
      </div>
      <div
        role="toolbar"
        aria-label="Terminal keys"
        className="flex shrink-0 gap-[3px] overflow-x-auto border-t border-line bg-surface p-1.5"
        data-key-row
      >
        {ROW.map(({ key, label, aria }) => {
          const sticky = key === 'ctrl' || key === 'alt';
          const on = sticky && mods[key];
          return (
            <button
              key={key}
              type="button"
              aria-label={aria}
              aria-pressed={sticky ? on : undefined}
              data-key={key}
              // Keep focus in the terminal so the on-screen keyboard stays up.
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => press(key)}
              className={`h-[44px] min-w-[44px] flex-1 rounded-md border text-[13px] font-medium ${on ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-surface-2 text-fg active:bg-surface-3'} ${FOCUS_RING}`}
            >
              {label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
