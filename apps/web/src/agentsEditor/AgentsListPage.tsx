'use client';
// Settings → Agents: every agent definition rozi knows, with where it comes from and what detect
// said about it. Config entries open in the editor; built-ins can be overridden (copied into
// config.toml under the same id); extension agents can be copied.
import { Button, EmptyState, FOCUS_RING, TextInput, Page } from '@rozi/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { AppProviders } from '../shell/AppProviders';
import { useApplyTheme } from '../settings/useResolvedTheme';
import type { CatalogueEntry } from './editorTypes';
import { SourceBadge } from './SourceBadge';

export function editHref(o: { source?: string; id?: string; pane?: string | null; fresh?: boolean }): string {
  const q = new URLSearchParams();
  if (o.fresh) q.set('new', '1');
  if (o.source) q.set('source', o.source);
  if (o.id) q.set('id', o.id);
  if (o.pane) q.set('pane', o.pane);
  return `/settings/agents/edit?${q.toString()}`;
}

function Row({ e }: { e: CatalogueEntry }) {
  const [open, setOpen] = useState(false);
  const action =
    e.source === 'config' ? (
      <Link href={editHref({ source: 'config', id: e.id })} className={linkButton}>
        Edit
      </Link>
    ) : e.source === 'builtin' ? (
      e.overridden ? (
        <Link href={editHref({ source: 'config', id: e.id })} className={linkButton}>
          Edit override
        </Link>
      ) : (
        <Link
          href={editHref({ source: 'builtin', id: e.id })}
          className={linkButton}
          aria-label={`Override ${e.label}`}
        >
          Override
        </Link>
      )
    ) : (
      <Link href={editHref({ source: 'extension', id: e.id })} className={linkButton}>
        Copy to config
      </Link>
    );
  const match = [
    e.names.length > 0 ? `names: ${e.names.join(', ')}` : '',
    e.paths.length > 0 ? `paths: ${e.paths.join(', ')}` : '',
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-1 px-4 py-2.5" data-definition={e.key}>
      <div className="flex items-center gap-2">
        <span
          className={`min-w-0 truncate text-[13px] font-medium ${e.overridden ? 'text-muted line-through decoration-muted/60' : ''}`}
        >
          {e.label}
        </span>
        <code className="shrink-0 font-mono text-[11px] text-muted">{e.id}</code>
        {e.source === 'extension' && <SourceBadge source={e.source} extension={e.extension} />}
        {e.overrides && (
          <span className="shrink-0 rounded bg-blocked/15 px-1.5 py-px text-[11px] text-blocked">
            overrides built-in
          </span>
        )}
        {e.overridden && <span className="shrink-0 text-[11px] text-muted">replaced by config.toml</span>}
        {!e.loaded && (
          <span className="shrink-0 rounded bg-danger/15 px-1.5 py-px text-[11px] text-danger">dropped</span>
        )}
        {e.warnings.length > 0 && (
          <button
            type="button"
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            className={`shrink-0 rounded bg-blocked/15 px-1.5 py-px text-[11px] font-medium text-blocked ${FOCUS_RING}`}
          >
            {e.warnings.length} warning{e.warnings.length === 1 ? '' : 's'}
          </button>
        )}
        <div className="ml-auto shrink-0">{action}</div>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-[12px] text-muted">
        <span className="truncate font-mono">
          {match.length > 0 ? match.join(' · ') : 'no process match'}
        </span>
        <span>
          {e.rules} rule{e.rules === 1 ? '' : 's'}
          {e.base ? ' + common' : ', common off'}
        </span>
        {e.resume && <span className="truncate font-mono">resume: {e.resume.join(' ')}</span>}
      </div>
      {open && (
        <ul className="mt-1 flex flex-col gap-1">
          {e.warnings.map((w, i) => (
            <li
              key={i}
              className="rounded border border-blocked/30 bg-blocked/10 px-2 py-1 text-[12px] text-fg"
            >
              {w.line !== null && <span className="mr-1 font-mono text-muted">line {w.line}</span>}
              {w.message}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

const linkButton = `inline-flex h-7 items-center rounded-md border border-line bg-surface-2 px-2.5 text-[12px] font-medium text-fg hover:bg-surface-3 ${FOCUS_RING}`;

function Group({ title, note, entries }: { title: string; note: string; entries: CatalogueEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-label={title} className="overflow-hidden rounded-lg border border-line bg-surface">
      <div className="flex items-baseline gap-2 border-b border-line px-4 py-2.5">
        <h2 className="text-[14px] font-semibold">{title}</h2>
        <span className="text-[12px] text-muted">{entries.length}</span>
        <span className="ml-auto text-[12px] text-muted">{note}</span>
      </div>
      <ul className="divide-y divide-line">
        {entries.map((e) => (
          <Row key={e.key} e={e} />
        ))}
      </ul>
    </section>
  );
}

function AgentsList() {
  useApplyTheme();
  const trpc = useTRPC();
  const list = useQuery(trpc.definitions.list.queryOptions());
  const [filter, setFilter] = useState('');
  // An undo reloads detection, whose agent-definitions-changed refreshes the list (cache/eventTable.ts).
  const undo = useMutation(trpc.definitions.undo.mutationOptions());
  const entries = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const all = list.data?.entries ?? [];
    return q
      ? all.filter((e) =>
          `${e.id} ${e.label} ${e.names.join(' ')} ${e.paths.join(' ')}`.toLowerCase().includes(q),
        )
      : all;
  }, [list.data, filter]);
  const data = list.data;
  return (
    <Page
      back={{ href: '/settings', label: 'Settings' }}
      title="Agents"
      actions={
        <Link
          href={editHref({ fresh: true })}
          className={`inline-flex h-8 items-center gap-1.5 rounded-md bg-accent px-3 text-[13px] font-medium text-accent-fg hover:bg-accent/90 ${FOCUS_RING}`}
        >
          New definition
        </Link>
      }
    >
      <main className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
        <p className="text-[13px] text-muted">
          How rozi recognises coding agents and reads their state. Entries in{' '}
          <code className="font-mono text-fg/90">{data?.configFile ?? 'config.toml'}</code> come first, then
          extensions, then the built-ins; a config entry with a built-in’s id replaces it.
        </p>
        {data?.undo && (
          <div
            className="flex items-center gap-3 rounded-md border border-line bg-surface px-3 py-2 text-[12px]"
            role="status"
          >
            <span className="flex-1">Last change from the editor: {data.undo.label}.</span>
            <Button onClick={() => undo.mutate()} disabled={undo.isPending}>
              Undo
            </Button>
          </div>
        )}
        {undo.error && (
          <p
            role="alert"
            className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-[12px] text-danger"
          >
            {undo.error.message}
          </p>
        )}
        {data?.configWarnings.map((w, i) => (
          <p
            key={i}
            role="alert"
            className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-[12px] text-danger"
          >
            config.toml{w.line !== null ? `:${w.line}` : ''}: {w.message}
          </p>
        ))}
        <TextInput
          aria-label="Filter agents"
          placeholder="Filter by id, name or path"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="w-full"
        />
        {list.isLoading && <div className="h-40 animate-pulse rounded-lg bg-surface" />}
        {list.error && (
          <EmptyState icon="agent" title="Could not load the definitions">
            {list.error.message}
          </EmptyState>
        )}
        <Group
          title="config.toml"
          note="yours; first to match"
          entries={entries.filter((e) => e.source === 'config')}
        />
        <Group
          title="Extensions"
          note="ids are <extension>.<id>"
          entries={entries.filter((e) => e.source === 'extension')}
        />
        <Group
          title="Built-in"
          note="shipped with rozi"
          entries={entries.filter((e) => e.source === 'builtin')}
        />
      </main>
    </Page>
  );
}

export default function AgentsListPage() {
  return (
    <AppProviders>
      <AgentsList />
    </AppProviders>
  );
}
