'use client';
// Where an agent definition comes from, as a small tag: built-in, config.toml, an extension.
export function SourceBadge({
  source,
  extension,
}: {
  source: 'builtin' | 'config' | 'extension';
  extension?: string | null;
}) {
  const tone =
    source === 'config'
      ? 'bg-accent/15 text-accent'
      : source === 'extension'
        ? 'bg-done/15 text-done'
        : 'bg-surface-3 text-muted';
  const text =
    source === 'builtin'
      ? 'built-in'
      : source === 'config'
        ? 'config.toml'
        : `extension ${extension ?? ''}`.trim();
  return <span className={`shrink-0 rounded px-1.5 py-px text-[11px] font-medium ${tone}`}>{text}</span>;
}
