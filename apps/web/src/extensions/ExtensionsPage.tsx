'use client';
// Extensions: the Discover gallery (search, filters, cards, details with what it will run,
// install with live progress, update badge) and the manager of installed extensions.
import { Button, FOCUS_RING, handleListKeys, Select, SearchField, Page } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTRPC } from '../api/trpcClient';
import { AppProviders } from '../shell/AppProviders';
import { useApplyTheme } from '../settings/useResolvedTheme';
import { DiscoverDetails } from './DiscoverDetails';
import { ManagerView } from './ManagerView';
import { useInstallProgress } from './useInstallProgress';

const KINDS = [
  ['commands', 'Commands'],
  ['services', 'Services'],
  ['sidebar_tabs', 'Sidebar tabs'],
  ['actions', 'Actions'],
  ['hooks', 'Hooks'],
  ['agents', 'Agents'],
  ['keys', 'Keys'],
  ['settings', 'Settings'],
] as const;

/** A card's count, e.g. "1 command", "2 sidebar tabs" (every label above is a plain -s plural). */
function countLabel(n: number, plural: string): string {
  const word = plural.toLowerCase();
  return `${n} ${n === 1 ? word.replace(/s$/, '') : word}`;
}

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
      <div className="flex flex-wrap items-end gap-3">
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
          <li key={e.id}>
            <button
              type="button"
              data-extension-card={e.id}
              onClick={() => onOpen(e.id)}
              aria-label={e.title}
              className={`flex w-full flex-col overflow-hidden rounded-lg border border-line bg-surface text-left hover:border-accent ${FOCUS_RING}`}
            >
              {e.screenshots.length > 0 && <CardImage id={e.id} title={e.title} />}
              <div className="flex flex-col gap-1 p-3">
                <div className="flex items-center gap-2.5">
                  {e.screenshots.length === 0 && <Monogram id={e.id} title={e.title} />}
                  <div className="flex min-w-0 flex-1 flex-col">
                    <div className="flex items-center gap-2">
                      <span className="flex-1 truncate text-[14px] font-semibold">{e.title}</span>
                      <span className="font-mono text-[11px] text-muted">{e.version}</span>
                    </div>
                    <span className="truncate font-mono text-[11px] text-muted" title={e.repo}>
                      {sourceLabel(e.repo)}
                      {e.platforms ? ` · ${e.platforms.join(', ')}` : ''}
                    </span>
                  </div>
                </div>
                <p className="line-clamp-2 min-h-[2.5em] text-[12px] text-muted">{e.description}</p>
                <div className="mt-1 flex flex-wrap gap-1.5 text-[11px]">
                  {e.updateAvailable ? (
                    <span className="rounded bg-accent/20 px-1.5 py-0.5 text-accent">Update available</span>
                  ) : e.installed ? (
                    <span className="rounded bg-surface-2 px-1.5 py-0.5">
                      Installed · {e.installed.state}
                    </span>
                  ) : null}
                  {KINDS.filter(([k]) => e.contributions[k] > 0).map(([k, l]) => (
                    <span key={k} className="rounded border border-line px-1.5 py-0.5 text-muted">
                      {countLabel(e.contributions[k], l)}
                    </span>
                  ))}
                </div>
              </div>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 16:10, the screenshot cropped from the top left (object-position: left top). */
function CardImage({ id, title }: { id: string; title: string }) {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.discover.details.queryOptions({ id }), staleTime: Infinity });
  const shot = data?.details?.screenshots[0];
  return (
    <div className="aspect-[16/10] w-full overflow-hidden border-b border-line bg-surface-2">
      {shot && (
        <img
          src={shot.dataUrl}
          alt={`${title} screenshot`}
          className="h-full w-full object-cover object-left-top"
        />
      )}
    </div>
  );
}

/** A small tile with the title's initial, tinted from the id, for extensions without a screenshot. */
function Monogram({ id, title }: { id: string; title: string }) {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-[16px] font-semibold text-white/90"
      style={{ backgroundColor: `hsl(${hash % 360} 35% 32%)` }}
    >
      {title.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Where an entry comes from, short: `owner/name` of a repository URL, or the bundled name. */
function sourceLabel(repo: string): string {
  if (repo.startsWith('bundled:')) return `bundled · ${repo.slice('bundled:'.length)}`;
  const m = /([^/:]+\/[^/]+?)(?:\.git)?\/?$/.exec(repo);
  return m ? m[1]! : repo;
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
  return (
    <Page
      back={{ href: '/', label: 'Workspace' }}
      title="Extensions"
      actions={
        <a
          href="/settings/keys"
          className={`rounded px-2 text-[13px] text-muted hover:text-fg ${FOCUS_RING}`}
        >
          Keyboard shortcuts →
        </a>
      }
      badge={
        <nav className="ml-4 flex gap-1" aria-label="Extension views">
          {(['discover', 'installed'] as const).map((v) => (
            <Button
              key={v}
              variant={view === v ? 'primary' : 'ghost'}
              onClick={() => {
                setView(v);
                setOpen(null);
                history.replaceState(null, '', v === 'installed' ? '#installed' : '#');
              }}
            >
              {v === 'discover' ? 'Discover' : 'Installed'}
            </Button>
          ))}
        </nav>
      }
    >
      <main className="mx-auto max-w-6xl px-4 py-6">
        {view === 'installed' ? (
          <ManagerView />
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
