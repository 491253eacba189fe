'use client';
// One Discover entry: what it will run (commands with argv, services, hooks with permissions,
// actions, tabs, keys with their state against the current keymap, settings), the check result,
// screenshots and the README; Install with live progress, Update after a preview of changes, or
// Remove (asks first). After an install then a remove on the same page, Install is offered again.
import { Button, Icon } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpcClient';
import { ReadmeView } from './ReadmeView';
import type { InstallProgress } from './useInstallProgress';

const PHASES = ['clone', 'validate', 'snapshot', 'start'] as const;
const PHASE_LABEL: Record<string, string> = {
  clone: 'Clone',
  validate: 'Validate',
  snapshot: 'Snapshot',
  start: 'Start',
};

function Section({ title, children, count }: { title: string; children: ReactNode; count?: number }) {
  if (count === 0) return null;
  return (
    <section className="rounded-lg border border-line bg-surface p-4" aria-label={title}>
      <h3 className="mb-2 text-[13px] font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function Row({ left, right, note }: { left: ReactNode; right?: ReactNode; note?: ReactNode }) {
  return (
    <li className="flex flex-col gap-0.5 border-t border-line py-1.5 first:border-t-0">
      <div className="flex items-baseline gap-3 text-[13px]">
        <span className="font-medium">{left}</span>
        {right && <span className="ml-auto text-[12px] text-muted">{right}</span>}
      </div>
      {note && <code className="break-words font-mono text-[12px] text-muted">{note}</code>}
    </li>
  );
}

const STATE_TONE: Record<string, string> = {
  active: 'text-done',
  suppressed: 'text-muted',
  conflicting: 'text-blocked',
};

export function DiscoverDetails({
  id,
  onBack,
  progress,
}: {
  id: string;
  onBack(): void;
  progress: { byExtension: InstallProgress; reset(id: string): void };
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const { data, error } = useQuery(trpc.discover.details.queryOptions({ id }));
  // The card that opened the details is gone: once they are drawn, the way back takes the focus
  // (unless the person has put it somewhere already).
  const backButton = useRef<HTMLButtonElement>(null);
  const loaded = data !== undefined;
  useEffect(() => {
    const at = document.activeElement;
    if (loaded && (at === null || at === document.body)) backButton.current?.focus();
  }, [loaded]);
  const list = useQuery(trpc.discover.list.queryOptions());
  const listed = list.data?.entries.find((e) => e.id === id);
  const [preview, setPreview] = useState<Awaited<
    ReturnType<typeof client.discover.updatePreview.query>
  > | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const events = progress.byExtension[id] ?? [];
  const failed = events.find((e) => e.state === 'failed');
  const finished = events.some((e) => e.phase === 'done' && e.state === 'done');
  const running = events.length > 0 && !failed && !finished;
  // The list has shown this install since it finished: from then on the list alone says whether
  // it is installed (a later remove, here or elsewhere, offers Install again).
  const [listedSinceInstall, setListedSinceInstall] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const isListed = listed?.installed != null;
  const { reset } = progress;
  useEffect(() => {
    if (finished && isListed) setListedSinceInstall(true);
    if (listedSinceInstall && !isListed) {
      setListedSinceInstall(false);
      reset(id);
    }
  }, [finished, isListed, listedSinceInstall, reset, id]);

  // Install is pressed from the keyboard, turns into "Installing…" (disabled) and then goes: the
  // browser drops the focus on <body>. The button that replaces it takes the focus, so the person
  // stays in the page on what they can do next: Remove… after an install or a cancelled remove,
  // Install after a remove.
  const removeButton = useRef<HTMLButtonElement>(null);
  const installButton = useRef<HTMLButtonElement>(null);
  const next = useRef<'remove' | 'install' | null>(null);
  const removable = isListed && !running && !confirmRemove;
  const installable = !isListed && !(finished && !listedSinceInstall);
  useEffect(() => {
    const target =
      next.current === 'remove' && removable
        ? removeButton
        : next.current === 'install' && installable
          ? installButton
          : null;
    if (!target) return;
    next.current = null;
    const at = document.activeElement;
    if (at === null || at === document.body || (at as HTMLButtonElement).disabled) target.current?.focus();
  }, [removable, installable]);

  const remove = async () => {
    setFailure(null);
    try {
      await client.discover.remove.mutate({ id, purge: false });
      next.current = 'install';
      setConfirmRemove(false);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };

  const install = async () => {
    next.current = 'remove';
    progress.reset(id);
    setListedSinceInstall(false);
    setFailure(null);
    setPreview(null);
    try {
      await client.discover.install.mutate({ id });
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };

  if (error) return <p className="text-danger">{error.message}</p>;
  if (!data) return <p className="text-[13px] text-muted">Reading the repository…</p>;
  const { entry, details } = data;
  return (
    <div className="flex flex-col gap-4">
      <button
        ref={backButton}
        type="button"
        onClick={onBack}
        className="flex w-fit items-center gap-1 text-[13px] text-muted hover:text-fg"
      >
        <Icon name="chevronLeft" size={14} /> All extensions
      </button>
      <div className="flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-[20px] font-semibold">{entry.title}</h2>
          <p className="text-[13px] text-muted">{entry.description}</p>
          <p className="mt-1 font-mono text-[11px] text-muted">
            {entry.id} · {entry.version} · {entry.repo} @ {entry.commit.slice(0, 12)}
            {entry.platforms ? ` · ${entry.platforms.join(', ')}` : ''}
            {entry.min_rozi ? ` · rozi ≥ ${entry.min_rozi}` : ''}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {listed?.installed && !listed.updateAvailable && !running && (
            <span className="rounded bg-surface-2 px-2 py-1 text-[12px]">
              Installed · {listed.installed.state}
            </span>
          )}
          {listed?.updateAvailable && !preview && (
            <Button
              variant="primary"
              onClick={async () => setPreview(await client.discover.updatePreview.query({ id }))}
            >
              Update…
            </Button>
          )}
          {listed?.installed && !running && !confirmRemove && (
            <Button ref={removeButton} variant="danger" onClick={() => setConfirmRemove(true)}>
              Remove…
            </Button>
          )}
          {!listed?.installed && finished && !listedSinceInstall && (
            // Done, and the list has not caught up yet: never offer Install again meanwhile.
            <span className="rounded bg-surface-2 px-2 py-1 text-[12px]">Installed</span>
          )}
          {installable && (
            <Button ref={installButton} variant="primary" disabled={running} onClick={install}>
              {running ? 'Installing…' : 'Install'}
            </Button>
          )}
        </div>
      </div>

      {confirmRemove && listed?.installed && (
        <div
          role="alertdialog"
          aria-label={`Remove ${id}`}
          className="flex flex-wrap items-center gap-3 rounded border border-danger/40 p-3 text-[13px]"
        >
          <span>Remove {id}? Its files and logs go; its state directory stays.</span>
          <Button variant="danger" autoFocus onClick={remove}>
            Remove
          </Button>
          <Button
            onClick={() => {
              next.current = 'remove';
              setConfirmRemove(false);
            }}
          >
            Cancel
          </Button>
        </div>
      )}

      {preview && (
        <Section title="Update: what changes">
          <p className="text-[12px] text-muted">
            {preview.from?.slice(0, 12) ?? '(none)'} → {preview.to.slice(0, 12)}
            {preview.diff && preview.diff.versionFrom !== preview.diff.versionTo
              ? ` · version ${preview.diff.versionFrom} → ${preview.diff.versionTo}`
              : ''}
          </p>
          {preview.problem && <p className="text-[13px] text-danger">{preview.problem}</p>}
          <ul className="my-2 font-mono text-[12px]">
            {preview.diff?.changes.map((c) => (
              <li key={`${c.section}.${c.id}`}>
                {c.kind === 'added' ? '+' : c.kind === 'removed' ? '−' : '~'} {c.section} {c.id}
              </li>
            ))}
            {preview.diff?.changes.length === 0 && <li className="text-muted">no contribution changes</li>}
          </ul>
          <div className="flex gap-2">
            <Button variant="primary" disabled={!!preview.problem} onClick={install}>
              Update
            </Button>
            <Button onClick={() => setPreview(null)}>Cancel</Button>
          </div>
        </Section>
      )}

      {(events.length > 0 || failure) && (
        <section aria-label="Install progress" className="rounded-lg border border-line bg-surface p-4">
          <ol className="flex flex-wrap gap-4 text-[13px]">
            {PHASES.map((p) => {
              const ev = events.find((e) => e.phase === p);
              const mark = !ev ? '○' : ev.state === 'done' ? '✓' : ev.state === 'failed' ? '✗' : '…';
              return (
                <li
                  key={p}
                  data-phase={p}
                  data-state={ev?.state ?? 'pending'}
                  className={
                    ev?.state === 'failed' ? 'text-danger' : ev?.state === 'done' ? 'text-done' : 'text-muted'
                  }
                >
                  {mark} {PHASE_LABEL[p]}
                  {ev?.message && ev.state !== 'failed' ? (
                    <span className="ml-1 text-[11px] text-muted">({ev.message})</span>
                  ) : null}
                </li>
              );
            })}
          </ol>
          {finished && <p className="mt-2 text-[13px] text-done">Installed and enabled.</p>}
          {(failed || failure) && (
            <p role="alert" className="mt-2 text-[13px] text-danger">
              {failed?.message ?? failure}
            </p>
          )}
        </section>
      )}

      {data.problem && <p className="text-[13px] text-danger">{data.problem}</p>}
      {details && (
        <div className="grid gap-4 lg:grid-cols-[1fr_360px]">
          <div className="flex flex-col gap-4">
            {details.screenshots.length > 0 && (
              <div className="grid grid-cols-2 gap-2">
                {details.screenshots.map((s) => (
                  <img
                    key={s.path}
                    src={s.dataUrl}
                    alt={s.path}
                    className="aspect-[16/10] w-full rounded border border-line object-cover object-left-top"
                  />
                ))}
              </div>
            )}
            <Section title="README">
              {details.readme ? (
                <ReadmeView text={details.readme} />
              ) : (
                <p className="text-[13px] text-muted">No README.md in the repository.</p>
              )}
            </Section>
          </div>
          <div className="flex flex-col gap-4" aria-label="What it will run">
            <h3 className="text-[12px] font-semibold uppercase tracking-wide text-muted">What it will run</h3>
            <Section title="Commands" count={details.commands.length}>
              <ul>
                {details.commands.map((c) => (
                  <Row key={c.id} left={c.label} right={c.id} note={c.run} />
                ))}
              </ul>
            </Section>
            <Section title="Services" count={details.services.length}>
              <ul>
                {details.services.map((s) => (
                  <Row key={s.id} left={s.id} right={`restart ${s.restart} · ${s.placement}`} note={s.run} />
                ))}
              </ul>
            </Section>
            <Section title="Hooks (sandboxed)" count={details.hooks.length}>
              <ul>
                {details.hooks.map((h) => (
                  <Row
                    key={`${h.event}${h.script}`}
                    left={h.event}
                    right={h.permissions.join(', ') || 'no permissions'}
                    note={h.script}
                  />
                ))}
              </ul>
            </Section>
            <Section title="Actions" count={details.actions.length}>
              <ul>
                {details.actions.map((a) => (
                  <Row key={a.id} left={a.label} right={`${a.deadlineMs} ms`} note={a.run} />
                ))}
              </ul>
            </Section>
            <Section title="Sidebar tabs" count={details.sidebarTabs.length}>
              <ul>
                {details.sidebarTabs.map((t) => (
                  <Row key={t.id} left={t.label} right={t.kind} note={t.run ?? undefined} />
                ))}
              </ul>
            </Section>
            <Section title="Keys it suggests" count={details.keys.length}>
              <ul>
                {details.keys.map((k) => (
                  <Row
                    key={`${k.action}${k.chord}`}
                    left={<span className="font-mono">{k.chord}</span>}
                    right={
                      <span className={STATE_TONE[k.state]} data-key-state={k.state}>
                        {k.state === 'active' ? 'would be active' : k.state}
                      </span>
                    }
                    note={k.reason ? `${k.action}: ${k.reason}` : k.action}
                  />
                ))}
              </ul>
            </Section>
            <Section title="Settings" count={details.settings.length}>
              <ul>
                {details.settings.map((s) => (
                  <Row
                    key={s.key}
                    left={s.label || s.key}
                    right={`${s.type} · default ${JSON.stringify(s.default)}`}
                    note={s.description ?? undefined}
                  />
                ))}
              </ul>
            </Section>
            <Section title="Agents" count={details.agents.length}>
              <ul>
                {details.agents.map((a) => (
                  <Row key={a} left={a} />
                ))}
              </ul>
            </Section>
            <Section title="Check">
              <p className={`text-[13px] ${details.check.verdict === 'valid' ? 'text-done' : 'text-danger'}`}>
                {details.check.verdict}
              </p>
              <ul className="text-[12px]">
                {details.check.errors.map((e, i) => (
                  <li key={i} className="text-danger">
                    {e.message}
                  </li>
                ))}
                {details.check.hints.map((h, i) => (
                  <li key={`h${i}`} className="text-muted">
                    hint: {h.message}
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-[12px] text-muted">
                Discover:{' '}
                {details.check.discover.ready
                  ? 'ready'
                  : details.check.discover.problems.map((p) => p.message).join('; ')}
              </p>
            </Section>
          </div>
        </div>
      )}
    </div>
  );
}
