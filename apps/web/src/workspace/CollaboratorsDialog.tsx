'use client';
// Manage collaborators… (rozi's sessions.md): the live list of the other pages on this session,
// each with its markers (ctrl, ro, wants ctrl), your own client and role in the header. The filter
// owns focus, so the action keys are Enter (grant layout control), Ctrl+D (decline a pending
// request) and Ctrl+K (remove the page from the session: the first press strikes the row through,
// a second within REMOVE_ARM_MS sends it, an arming left alone lapses), offered in the footer only
// while they would do something; ↑/↓ move. A filter that hides the highlighted client takes its
// keys with it.
import { Dialog, Kbd } from '@rozi/ui';
import { useEffect, useId, useState } from 'react';
import type { RosterClient, SessionControl } from './useSessionControl';

/** How long a first Ctrl+K stays armed for the second. */
const REMOVE_ARM_MS = 4000;

function markers(c: RosterClient, control: SessionControl): string[] {
  const m: string[] = [];
  if (c.id === control.controller) m.push('ctrl');
  if (c.readOnly) m.push('ro');
  if (c.wantsControl) m.push('wants ctrl');
  return m;
}

export function CollaboratorsDialog({
  open,
  control,
  onClose,
}: {
  open: boolean;
  control: SessionControl;
  onClose(): void;
}) {
  const [filter, setFilter] = useState('');
  const [cursor, setCursor] = useState(0);
  const [armed, setArmed] = useState<number | null>(null);
  const listId = useId();
  useEffect(() => {
    if (open) {
      setFilter('');
      setCursor(0);
      setArmed(null);
    }
  }, [open]);
  useEffect(() => {
    if (armed === null) return;
    const lapse = setTimeout(() => setArmed(null), REMOVE_ARM_MS);
    return () => clearTimeout(lapse);
  }, [armed]);
  const others = control.clients.filter((c) => c.id !== control.me);
  const shown = others.filter((c) =>
    `${c.name} ${markers(c, control).join(' ')}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const at = Math.min(cursor, Math.max(0, shown.length - 1));
  const target = shown[at];
  const canGrant = control.mine && target !== undefined && !target.readOnly;
  const canDecline = control.mine && target?.wantsControl === true;
  const canRemove = !control.readOnly && target !== undefined;
  const armedHere = armed !== null && armed === target?.id;
  const role = control.readOnly ? 'ro' : control.mine ? 'ctrl' : 'follow';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Collaborators"
      placement="top"
      width="min(460px, calc(100vw - 2rem))"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-3 py-1.5 text-[12px] text-muted">
        <span>
          {control.count} page{control.count === 1 ? '' : 's'} on this session
          {control.inputLock ? ' · input lock on' : ''}
          {control.takeover ? '' : ' · takeover off'}
        </span>
        <span data-collaborators-me className="shrink-0 whitespace-nowrap font-mono">
          browser {control.me ?? '?'} · {role}
        </span>
      </div>
      <input
        data-autofocus
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={target ? `${listId}-${at}` : undefined}
        aria-label="Filter collaborators"
        placeholder="Filter"
        value={filter}
        onChange={(e) => {
          setFilter(e.target.value);
          setCursor(0);
          setArmed(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            setCursor(e.key === 'ArrowDown' ? Math.min(at + 1, shown.length - 1) : Math.max(at - 1, 0));
            setArmed(null);
          } else if (e.key === 'Enter' && canGrant && target) {
            control.grant(target.id);
            onClose();
          } else if (e.key.toLowerCase() === 'd' && e.ctrlKey && canDecline && target)
            control.decline(target.id);
          else if (e.key.toLowerCase() === 'k' && e.ctrlKey && canRemove && target) {
            if (armedHere) {
              setArmed(null);
              control.remove(target.id);
            } else setArmed(target.id);
          } else return;
          e.preventDefault();
          e.stopPropagation();
        }}
        className="w-full border-b border-line bg-transparent px-3 py-2 text-[13px] text-fg outline-none"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Collaborators"
        data-collaborators
        className="max-h-72 overflow-auto py-1"
      >
        {shown.length === 0 ? (
          <li className="px-3 py-2 text-[12px] text-muted">
            {others.length === 0 ? 'Nobody else is on this session' : 'No collaborator matches the filter'}
          </li>
        ) : (
          shown.map((c, i) => (
            <li
              key={c.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === at}
              data-collaborator={c.id}
              onClick={() => setCursor(i)}
              className={`flex items-baseline gap-3 px-3 py-1.5 text-[13px] ${i === at ? 'bg-accent/15' : ''}`}
            >
              <span className={`w-28 font-mono text-fg ${armed === c.id ? 'line-through' : ''}`}>
                {c.name}
              </span>
              {armed === c.id ? (
                <span data-collaborator-armed className="text-[11px] text-blocked">
                  Ctrl+K again to confirm
                </span>
              ) : null}
              {markers(c, control).map((m) => (
                <span
                  key={m}
                  className={`rounded border px-1 font-mono text-[11px] ${m === 'wants ctrl' ? 'border-blocked/60 text-blocked' : 'border-line text-muted'}`}
                >
                  {m}
                </span>
              ))}
            </li>
          ))
        )}
      </ul>
      <div className="flex flex-wrap gap-x-3 gap-y-1 border-t border-line px-3 py-2 text-[11px] text-muted [&>span]:whitespace-nowrap">
        <span>
          <Kbd>↑↓</Kbd> move
        </span>
        {canGrant ? (
          <span>
            <Kbd>Enter</Kbd> grant control
          </span>
        ) : null}
        {canDecline ? (
          <span>
            <Kbd>Ctrl+D</Kbd> decline
          </span>
        ) : null}
        {canRemove ? (
          <span>
            <Kbd>Ctrl+K</Kbd> {armedHere ? 'again to remove' : 'remove'}
          </span>
        ) : null}
        <span>
          <Kbd>Esc</Kbd> close
        </span>
      </div>
    </Dialog>
  );
}
