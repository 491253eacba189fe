'use client';
// One Discover card: what a person chooses an extension by, at a glance — its name, where it comes
// from and its version, a one-line description, where it stands here (installed, update, not for
// this platform or rozi) and what kinds of things it adds. A screen reader hears the name, then the
// rest as the button's description.
import { FOCUS_RING } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpcClient';

export const KINDS = [
  ['commands', 'Commands'],
  ['services', 'Services'],
  ['sidebar_tabs', 'Sidebar tabs'],
  ['actions', 'Actions'],
  ['hooks', 'Hooks'],
  ['agents', 'Agents'],
  ['keys', 'Keys'],
  ['settings', 'Settings'],
  ['link_handlers', 'Link handlers'],
  ['navigation_targets', 'Navigation targets'],
] as const;

export type Kind = (typeof KINDS)[number][0];

/** The fields of a `discover.list` entry a card shows. */
export interface CardEntry {
  id: string;
  title: string;
  description: string;
  version: string;
  repo: string;
  platforms: string[] | null;
  min_rozi: string | null;
  screenshots: string[];
  contributions: Record<Kind, number>;
  verdict: 'valid' | 'invalid' | 'incompatible';
  installed: { state: string; enabled: boolean } | null;
  updateAvailable: boolean;
}

/** A card's count, e.g. "1 command", "2 sidebar tabs" (every label above is a plain -s plural). */
function countLabel(n: number, plural: string): string {
  const word = plural.toLowerCase();
  return `${n} ${n === 1 ? word.replace(/s$/, '') : word}`;
}

/** Where the entry stands here, most pressing first: one chip, with its tone. */
function standing(
  e: CardEntry,
  platform: string,
): { text: string; tone: 'accent' | 'ok' | 'warn' | 'muted' } {
  if (e.updateAvailable) return { text: 'Update available', tone: 'accent' };
  if (e.installed)
    return {
      text: e.installed.enabled ? `Installed · ${e.installed.state}` : 'Installed · disabled',
      tone: e.installed.enabled ? 'ok' : 'muted',
    };
  if (e.verdict === 'incompatible')
    return { text: e.min_rozi ? `Needs rozi ${e.min_rozi}` : 'Not for this rozi', tone: 'warn' };
  if (e.verdict === 'invalid') return { text: 'Does not validate', tone: 'warn' };
  if (e.platforms && !e.platforms.includes(platform))
    return { text: `Not for ${platform} (${e.platforms.join(', ')})`, tone: 'warn' };
  return { text: 'Not installed', tone: 'muted' };
}

const TONES = {
  accent: 'bg-accent/20 text-accent',
  ok: 'bg-done/15 text-done',
  warn: 'bg-blocked/15 text-blocked',
  muted: 'bg-surface-2 text-muted',
} as const;

export function DiscoverCard({
  entry: e,
  platform,
  onOpen,
}: {
  entry: CardEntry;
  platform: string;
  onOpen(id: string): void;
}) {
  const kinds = KINDS.filter(([k]) => e.contributions[k] > 0);
  const stand = standing(e, platform);
  const about = `discover-card-about-${e.id}`;
  return (
    <button
      type="button"
      data-extension-card={e.id}
      data-standing={stand.tone}
      onClick={() => onOpen(e.id)}
      aria-label={e.title}
      aria-describedby={`${about}-d ${about}-s`}
      className={`flex h-full w-full flex-col overflow-hidden rounded-lg border border-line bg-surface text-left hover:border-accent focus-visible:border-accent ${FOCUS_RING}`}
    >
      {e.screenshots.length > 0 && <CardImage id={e.id} title={e.title} />}
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <div className="flex items-center gap-2.5">
          <Monogram id={e.id} title={e.title} />
          <div className="flex min-w-0 flex-1 flex-col">
            <div className="flex items-baseline gap-2">
              <span className="flex-1 truncate text-[14px] font-semibold" title={e.title}>
                {e.title}
              </span>
              <span className="shrink-0 font-mono text-[11px] text-muted">v{e.version}</span>
            </div>
            <span className="truncate font-mono text-[11px] text-muted" title={e.repo}>
              {sourceLabel(e.repo)}
            </span>
          </div>
        </div>
        <p id={`${about}-d`} className="line-clamp-2 text-[12px] text-muted" data-card-description>
          {e.description || 'No description given.'}
        </p>
        <div id={`${about}-s`} className="mt-auto flex flex-wrap gap-1.5 pt-1 text-[11px]">
          <span
            data-card-standing
            className={`rounded border border-transparent px-1.5 py-0.5 ${TONES[stand.tone]}`}
          >
            {stand.text}
          </span>
          {kinds.length === 0 ? (
            <span className="rounded border border-line px-1.5 py-0.5 text-muted">Adds nothing listed</span>
          ) : (
            kinds.map(([k, l]) => (
              <span
                key={k}
                data-card-kind={k}
                className="rounded border border-line px-1.5 py-0.5 text-muted"
              >
                {countLabel(e.contributions[k], l)}
              </span>
            ))
          )}
        </div>
      </div>
    </button>
  );
}

/** 16:10, the screenshot cropped from the top left; the tinted initial until (or unless) it loads. */
function CardImage({ id, title }: { id: string; title: string }) {
  const trpc = useTRPC();
  const { data } = useQuery({ ...trpc.discover.details.queryOptions({ id }), staleTime: Infinity });
  const shot = data?.details?.screenshots[0];
  return (
    <div
      className="flex aspect-[16/10] w-full items-center justify-center overflow-hidden border-b border-line"
      style={shot ? undefined : { backgroundColor: tint(id, 22) }}
    >
      {shot ? (
        <img
          src={shot.dataUrl}
          alt={`${title} screenshot`}
          className="h-full w-full object-cover object-left-top"
        />
      ) : (
        <span aria-hidden="true" className="text-[40px] font-semibold text-white/60">
          {title.slice(0, 1).toUpperCase()}
        </span>
      )}
    </div>
  );
}

function tint(id: string, lightness: number): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 35% ${lightness}%)`;
}

/** A small tile with the title's initial, tinted from the id. */
function Monogram({ id, title }: { id: string; title: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-[16px] font-semibold text-white/90"
      style={{ backgroundColor: tint(id, 32) }}
    >
      {title.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Who publishes it, short: "by owner · name" of a repository URL, or "bundled with rozi". */
export function sourceLabel(repo: string): string {
  if (repo.startsWith('bundled:')) return `bundled with rozi · ${repo.slice('bundled:'.length)}`;
  const m = /([^/:]+)\/([^/]+?)(?:\.git)?\/?$/.exec(repo);
  return m ? `by ${m[1]!} · ${m[2]!}` : repo;
}
