'use client';
// Extensions: the Discover gallery (search, filters, cards, details with what it will run,
// install with live progress, update badge) and the manager of installed extensions.
import { Button, FOCUS_RING, handleListKeys, Select, SearchField, Page } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { AppProviders } from '../shell/AppProviders';
import { useApplyTheme } from '../settings/useResolvedTheme';
import { DiscoverCard, KINDS } from './DiscoverCard';
import { DiscoverDetails } from './DiscoverDetails';
import { ManagerView } from './ManagerView';
import { useInstallProgress } from './useInstallProgress';

/** `returnTo`: the card to focus once listed (the one whose details the person just left). */
function Gallery({ onOpen, returnTo }: { onOpen(id: string): void; returnTo: string | null }) {
  const trpc = useTRPC();
  // extensions-changed and a finished install refresh it (cache/eventTable.ts).
  const { data, error } = useQuery(trpc.discover.list.queryOptions());
  const [q, setQ] = useState('');
  const [platform, setPlatform] = useState('any');
  const [installed, setInstalled] = useState('any');
  const [kind, setKind] = useState('any');
  const entries = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (data?.entries ?? []).filter(
      (e) =>
        (!needle || `${e.id} ${e.title} ${e.description}`.toLowerCase().includes(needle)) &&
        (platform === 'any' || e.platforms === null || e.platforms.includes(platform)) &&
        (installed === 'any' || (installed === 'yes') === (e.installed !== null)) &&
        (kind === 'any' || e.contributions[kind as keyof typeof e.contributions] > 0),
    );
  }, [data, q, platform, installed, kind]);
  const list = useRef<HTMLUListElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const returned = useRef(false);
  useEffect(() => {
    if (returned.current || !returnTo || !list.current) return;
    const card = [...list.current.querySelectorAll<HTMLElement>('[data-extension-card]')].find(
      (el) => el.dataset.extensionCard === returnTo,
    );
    if (!card) return;
    returned.current = true;
    card.focus();
  }, [entries, returnTo]);
  if (error) return <p className="text-danger">{error.message}</p>;
  return (
    <div className="flex flex-col gap-4">
      <div ref={top} className="flex flex-wrap items-end gap-3">
        <SearchField label="Search extensions" value={q} onChange={setQ} />
        <Select
          aria-label="Platform"
          value={platform}
          onChange={(e) => setPlatform(e.target.value)}
          className="w-40"
        >
          <option value="any">Any platform</option>
          {['linux', 'macos', 'windows', 'freebsd', 'netbsd'].map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
        <Select
          aria-label="Installed"
          value={installed}
          onChange={(e) => setInstalled(e.target.value)}
          className="w-44"
        >
          <option value="any">Installed or not</option>
          <option value="yes">Installed</option>
          <option value="no">Not installed</option>
        </Select>
        <Select
          aria-label="Contributes"
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          className="w-48"
        >
          <option value="any">Any contribution</option>
          {KINDS.map(([k, l]) => (
            <option key={k} value={k}>
              {l}
            </option>
          ))}
        </Select>
      </div>
      {data?.problem && (
        <p className="rounded border border-danger/40 p-3 text-[13px] text-danger">{data.problem}</p>
      )}
      <p className="text-[12px] text-muted">
        {entries.length} of {data?.entries.length ?? 0} from{' '}
        {data?.source.kind === 'default' ? 'the bundled index' : data?.source.where}. Listing is not a review:
        read an extension before installing it.
      </p>
      <ul
        ref={list}
        className="grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-4"
        aria-label="Extensions"
        onKeyDown={(e) => handleListKeys(e, { items: 'li > button', orientation: 'grid' })}
      >
        {entries.map((e) => (
          <li key={e.id} className="min-w-0">
            <DiscoverCard entry={e} platform={data?.platform ?? ''} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {data && entries.length === 0 && (
        <div
          data-discover-empty
          className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-line p-6 text-[13px]"
        >
          {data.entries.length === 0 ? (
            <>
              <p className="font-semibold">The index lists no extensions.</p>
              <p className="text-muted">
                Point [discover] index in config.toml at another index, or publish one with{' '}
                <code className="font-mono">rozi extensions index build</code>.
              </p>
            </>
          ) : (
            <>
              <p className="font-semibold">
                No extension matches {describeFilters(q, { platform, installed, kind })}.
              </p>
              <Button
                onClick={() => {
                  setQ('');
                  setPlatform('any');
                  setInstalled('any');
                  setKind('any');
                  top.current?.querySelector<HTMLInputElement>('input')?.focus();
                }}
              >
                Clear search and filters
              </Button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** "“foo”, installed, with agents": what the person asked for, in words. */
function describeFilters(q: string, f: { platform: string; installed: string; kind: string }): string {
  const parts = [
    q.trim() ? `“${q.trim()}”` : '',
    f.installed === 'yes' ? 'installed' : f.installed === 'no' ? 'not installed' : '',
    f.platform !== 'any' ? `for ${f.platform}` : '',
    f.kind !== 'any' ? `with ${(KINDS.find(([k]) => k === f.kind)?.[1] ?? f.kind).toLowerCase()}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'these filters';
}

function ExtensionsView() {
  useApplyTheme();
  const [view, setView] = useState<'discover' | 'installed'>(() =>
    typeof location !== 'undefined' && location.hash === '#installed' ? 'installed' : 'discover',
  );
  const [open, setOpen] = useState<string | null>(null);
  // Back from the details, the focus returns to the card they were opened from.
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const progress = useInstallProgress();
  // From the manager's empty state to the gallery: the focus goes on to its search field.
  const toSearch = useRef(false);
  useEffect(() => {
    if (view !== 'discover' || !toSearch.current) return;
    toSearch.current = false;
    document.querySelector<HTMLInputElement>('input[aria-label="Search extensions"]')?.focus();
  }, [view]);
  const show = (v: 'discover' | 'installed') => {
    setView(v);
    setOpen(null);
    history.replaceState(null, '', v === 'installed' ? '#installed' : '#');
  };
  return (
    <Page
      back={{ href: '/', label: 'Workspace' }}
      title="Extensions"
      actions={
        <a
          href="/settings/keys"
          aria-label="Keyboard shortcuts"
          className={`whitespace-nowrap rounded px-2 text-[13px] text-muted hover:text-fg ${FOCUS_RING}`}
        >
          {/* A phone's header has no room for the whole name beside the views (it wrapped, cut). */}
          <span className="hidden sm:inline">Keyboard shortcuts</span>
          <span className="sm:hidden">Keys</span> →
        </a>
      }
      badge={
        <nav className="ml-1 flex gap-1 sm:ml-4" aria-label="Extension views">
          {(['discover', 'installed'] as const).map((v) => (
            <Button key={v} variant={view === v ? 'primary' : 'ghost'} onClick={() => show(v)}>
              {v === 'discover' ? 'Discover' : 'Installed'}
            </Button>
          ))}
        </nav>
      }
    >
      <main className="mx-auto max-w-6xl px-4 py-6">
        {view === 'installed' ? (
          <ManagerView
            onDiscover={() => {
              toSearch.current = true;
              show('discover');
            }}
          />
        ) : open ? (
          <DiscoverDetails id={open} onBack={() => setOpen(null)} progress={progress} />
        ) : (
          <Gallery
            onOpen={(id) => {
              setLastOpened(id);
              setOpen(id);
            }}
            returnTo={lastOpened}
          />
        )}
      </main>
    </Page>
  );
}

export default function ExtensionsPage() {
  return (
    <AppProviders>
      <ExtensionsView />
    </AppProviders>
  );
}
