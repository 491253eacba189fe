'use client';
// config.toml's [[rules]] as the server applies them (config.rules, refetched on
// `config-reloaded`): one row per rule in order — the first match wins — saying what it matches
// and where the new pane goes, then each skipped entry's warning. Edited by configEntries/EntryEditor.tsx.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpcClient';

interface RuleRow {
  label: string;
  float: boolean;
  width: number;
  height: number;
  position: string;
  workspace: number | null;
  focus: boolean;
  fullscreen: boolean;
}

const pct = (f: number) => `${Math.round(f * 100)}%`;

/** Where a matching command's pane goes, in words. */
export function placementOf(r: RuleRow): string {
  const parts = [
    r.float ? `floating ${pct(r.width)} × ${pct(r.height)} at ${r.position}` : 'tiled',
    r.workspace !== null ? `in workspace ${r.workspace}` : 'in the current workspace',
  ];
  if (r.fullscreen) parts.push('fullscreen');
  if (!r.focus) parts.push('without taking the focus');
  return parts.join(', ');
}

export function ConfigRulesPanel() {
  const trpc = useTRPC();
  const q = useQuery(trpc.config.rules.queryOptions()).data;
  if (!q) return <p className="text-[12px] text-muted">Reading config.toml…</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-[12px] text-muted">
        A new pane started with a command takes the first rule whose match is in its command line (shell
        panes, popups and restored sessions do not). Add, change or reorder them below, or in config.toml.
      </p>
      {q.rules.length === 0 ? (
        <p data-rules-empty className="text-[12px] text-muted">
          No [[rules]] in config.toml.
        </p>
      ) : (
        <ol aria-label="[[rules]]" className="flex flex-col gap-1">
          {q.rules.map((r, i) => (
            <li
              key={i}
              data-rule={r.label}
              className="rounded-md border border-line bg-surface-2 px-3 py-2 text-[12px]"
            >
              <code className="font-mono text-fg">{r.label}</code>
              <span className="text-muted"> → {placementOf(r)}</span>
            </li>
          ))}
        </ol>
      )}
      {q.warnings.length > 0 && (
        <ul aria-label="[[rules]] problems" className="flex flex-col gap-1">
          {q.warnings.map((w) => (
            <li key={w} className="text-[12px] text-danger">
              {w}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
