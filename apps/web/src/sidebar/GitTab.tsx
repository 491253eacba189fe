'use client';
// The Git tab (sidebar.md, Built-in Tabs): the branch of the focused pane's repository and the
// paths git reports as changed, grouped under their directories, with M/A/D/? markers and
// `+N -M` stats. It re-reads every five seconds and at once when the repository's git directory
// changes (the server watches it while the tab shows), so a `git checkout` in the pane shows here.
// With nothing to show it says which nothing: not a repository, no changes, or unavailable.
import type { PaneView } from '@rozi/server/view';
import { FOCUS_RING, handleListKeys, Icon } from '@rozi/ui';
import { basename } from '../model/paths';
import { gitGroups, relativeTo, statText } from './fileTree';
import { Alert, Empty, markerClass } from './FilesTab';
import { useGitState, useOpenFile } from './useFileTree';

export function GitTab({ pane }: { pane: PaneView | undefined }) {
  const git = useGitState(pane, 'git');
  const { open, error } = useOpenFile(pane, 'git');
  if (!pane) return <Empty text="No pane focused" />;
  if (git.error)
    return <Empty text={`Changes unavailable: ${git.error.message.split('\n')[0]}`} tone="error" />;
  const s = git.data;
  if (!s) return <Empty text="Loading changes…" />;
  if (!s.repo) return <Empty text="Not a git repository" />;
  const repo = s.repo;
  const head = s.branch ?? (s.detached ? `HEAD ${s.detached}` : 'HEAD');
  return (
    <div className="flex min-h-0 flex-1 flex-col" data-builtin-tab="git">
      <div
        className="flex shrink-0 items-center gap-1.5 border-b border-line px-2 py-1 text-[12px]"
        title={repo}
      >
        <Icon name="branch" size={12} className="shrink-0 text-muted" />
        <span className="truncate font-medium text-fg" data-git-branch={head}>
          {head}
        </span>
        <span className="ml-auto truncate text-[11px] text-muted">{basename(repo)}</span>
      </div>
      {error && <Alert text={error} />}
      {s.changes.length === 0 ? (
        <Empty text="No changes" />
      ) : (
        <div
          role="list"
          aria-label="Changed files"
          className="min-h-0 flex-1 overflow-y-auto py-1"
          onKeyDown={(e) => handleListKeys(e, { items: 'button[data-path]' })}
        >
          {gitGroups(s.changes).map((g, gi) => (
            <div key={g.dir} role="group" aria-label={g.dir || basename(repo)}>
              <h3 className="truncate px-2 pt-1 font-mono text-[11px] text-muted" title={g.dir}>
                {g.dir === '' ? `${basename(repo)}/` : `${g.dir}/`}
              </h3>
              {g.files.map((f, fi) => {
                const rel = relativeTo(s.root, `${repo}/${f.path.replace(/\/$/, '')}`);
                return (
                  <button
                    key={f.path}
                    type="button"
                    role="listitem"
                    data-path={f.path}
                    data-marker={f.marker}
                    tabIndex={gi === 0 && fi === 0 ? 0 : -1}
                    disabled={rel === null || f.marker === 'D' || f.path.endsWith('/')}
                    onClick={() => rel !== null && open(rel)}
                    className={`flex w-full min-w-0 items-center gap-1.5 py-px pl-4 pr-2 text-left font-mono text-[12px] hover:bg-surface-2 focus:bg-surface-2 disabled:hover:bg-transparent ${FOCUS_RING}`}
                  >
                    <span className={`w-3 shrink-0 text-center ${markerClass(f.marker)}`}>{f.marker}</span>
                    <span
                      className={`min-w-0 flex-1 truncate ${f.marker === 'D' ? 'text-muted line-through' : 'text-fg'}`}
                    >
                      {f.name}
                    </span>
                    {s.diffStats && statText(f) && (
                      <span className="shrink-0 text-[11px] text-muted">{statText(f)}</span>
                    )}
                  </button>
                );
              })}
            </div>
          ))}
          {s.truncated && <p className="px-2 py-1 text-[11px] text-muted">More changes than shown</p>}
        </div>
      )}
    </div>
  );
}
