'use client';
// The right-hand side of the editor: where the screen comes from (a live pane, a pasted screen, a
// fixture case), the screen with its highlights, the resulting state with its explanation, and
// saving the current screen as a fixture case.
import type { PaneInfo } from '@rozi/server/model';
import { Button, Field, Select, TextInput } from '@rozi/ui';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { DetectState, Evaluation, FixtureFile } from './editorTypes';
import { DETECT_STATES } from './editorTypes';
import { ExplanationPanel } from './ExplanationPanel';
import { ScreenView } from './ScreenView';
import { Segmented } from './Segmented';

export type PreviewSource =
  | { kind: 'pane'; key: number | null }
  | { kind: 'paste'; screen: string; title: string }
  | { kind: 'fixture'; id: string; screen: string; title: string; expected: DetectState };

export interface LivePreviewProps {
  source: PreviewSource;
  onSource(source: PreviewSource): void;
  panes: readonly PaneInfo[];
  fixtures: readonly FixtureFile[];
  screen: string;
  title: string;
  evaluation: Evaluation | null;
  error: string | null;
  /** Saves the shown screen as a case; resolves with a message for the user. */
  onSaveFixture(o: { name: string; state: DetectState }): Promise<string>;
  agentId: string;
  /** What the live pane's badge shows now (the server's detection, not this draft). */
  paneBadge?: ReactNode;
  /** Rules detect drops as written, with the reason (they take no part in the preview). */
  dropped: readonly { rule: number; message: string }[];
}

function paneLabel(p: PaneInfo): string {
  // `node fake-tui.mjs` says more than `node`: show the first argument's file name too.
  const arg = p.foreground_arguments?.find((a) => !a.startsWith('-'));
  const script = arg ? ` ${arg.slice(arg.lastIndexOf('/') + 1)}` : '';
  const what = p.foreground_program ? `${p.foreground_program}${script}` : p.title;
  return `${p.session}:${p.id} — ${what}${p.agent ? ` · detected as ${p.agent}` : ''}`;
}

export function LivePreview(props: LivePreviewProps) {
  const { source, onSource, panes, fixtures, screen, title, evaluation, error } = props;
  const kind = source.kind;
  return (
    <div className="flex min-h-0 flex-col gap-3" data-testid="live-preview">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-[14px] font-semibold">Preview</h2>
        <Segmented
          label="Screen source"
          value={kind}
          options={[
            { value: 'pane', label: 'Live pane' },
            { value: 'paste', label: 'Paste' },
            { value: 'fixture', label: 'Fixture' },
          ]}
          onChange={(k) => {
            if (k === 'pane') onSource({ kind: 'pane', key: panes[0]?.key ?? null });
            else if (k === 'paste') onSource({ kind: 'paste', screen: screen, title });
            else {
              const first = fixtures.flatMap((f) => f.cases.map((c) => ({ f, c })))[0];
              onSource(
                first
                  ? {
                      kind: 'fixture',
                      id: `${first.f.file}#${first.c.name}`,
                      screen: first.c.screen,
                      title: first.c.title ?? '',
                      expected: first.c.state,
                    }
                  : { kind: 'fixture', id: '', screen: '', title: '', expected: 'idle' },
              );
            }
          }}
        />
      </div>

      {source.kind === 'pane' && (
        <div className="flex items-center gap-2">
          <Select
            aria-label="Live pane"
            className="min-w-0 flex-1"
            value={source.key ?? ''}
            onChange={(e) =>
              onSource({ kind: 'pane', key: e.target.value === '' ? null : Number(e.target.value) })
            }
          >
            {panes.length === 0 && <option value="">No panes</option>}
            {panes.map((p) => (
              <option key={p.key} value={p.key}>
                {paneLabel(p)}
              </option>
            ))}
          </Select>
          <span
            className="flex shrink-0 items-center gap-1.5 text-[11px] text-muted"
            title="The capture refreshes every half second"
          >
            <span aria-hidden="true" className="size-1.5 rounded-full bg-done rozi-pulse" />
            live
          </span>
        </div>
      )}
      {source.kind === 'pane' && props.paneBadge}
      {source.kind === 'paste' && (
        <div className="flex flex-col gap-2">
          <textarea
            aria-label="Pasted screen"
            value={source.screen}
            onChange={(e) => onSource({ ...source, screen: e.target.value })}
            placeholder="Paste a screen here (rozi capture-pane prints one)"
            spellCheck={false}
            className="h-28 resize-y rounded-md border border-line bg-surface px-2.5 py-2 font-mono text-[12px] text-fg focus-visible:outline-2 focus-visible:outline-accent"
          />
          <TextInput
            aria-label="Pasted title"
            value={source.title}
            onChange={(e) => onSource({ ...source, title: e.target.value })}
            placeholder="Terminal title (optional)"
            className="font-mono text-[12px]"
          />
        </div>
      )}
      {source.kind === 'fixture' && (
        <div className="flex items-center gap-2">
          <Select
            aria-label="Fixture case"
            className="min-w-0 flex-1"
            value={source.id}
            onChange={(e) => {
              for (const f of fixtures)
                for (const c of f.cases)
                  if (`${f.file}#${c.name}` === e.target.value)
                    onSource({
                      kind: 'fixture',
                      id: e.target.value,
                      screen: c.screen,
                      title: c.title ?? '',
                      expected: c.state,
                    });
            }}
          >
            {fixtures.length === 0 && <option value="">No fixture cases found</option>}
            {fixtures.map((f) => (
              <optgroup key={f.file} label={`${f.agent} · ${f.root}`}>
                {f.cases.map((c) => (
                  <option key={c.name} value={`${f.file}#${c.name}`}>
                    {c.name} (expects {c.state})
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
          {evaluation && (
            <span
              data-testid="fixture-verdict"
              className={`shrink-0 rounded-full px-2 py-px text-[11px] font-medium ${evaluation.state === source.expected ? 'bg-done/15 text-done' : 'bg-danger/15 text-danger'}`}
            >
              {evaluation.state === source.expected
                ? `✓ expects ${source.expected}`
                : `✗ expects ${source.expected}`}
            </span>
          )}
        </div>
      )}

      {error && (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger/10 px-2 py-1 text-[12px] text-danger"
        >
          {error}
        </p>
      )}
      <div className="rounded-lg border border-line bg-surface p-3">
        <ExplanationPanel evaluation={evaluation} dropped={props.dropped} />
      </div>
      <ScreenView
        screen={screen}
        title={title}
        evaluation={evaluation}
        empty={
          source.kind === 'pane'
            ? source.key === null
              ? 'Pick a pane to see its screen.'
              : 'Reading the pane…'
            : source.kind === 'paste'
              ? 'Paste a screen above.'
              : 'Choose a fixture case.'
        }
      />
      <SaveFixture
        screen={screen}
        evaluation={evaluation}
        agentId={props.agentId}
        onSave={props.onSaveFixture}
      />
    </div>
  );
}

function SaveFixture({
  screen,
  evaluation,
  agentId,
  onSave,
}: {
  screen: string;
  evaluation: Evaluation | null;
  agentId: string;
  onSave: LivePreviewProps['onSaveFixture'];
}) {
  const [name, setName] = useState('');
  const [state, setState] = useState<DetectState | ''>('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen: DetectState = state || (evaluation?.state as DetectState | undefined) || 'idle';
  return (
    <details className="rounded-lg border border-line bg-surface">
      <summary className="cursor-pointer select-none px-3 py-2 text-[12px] text-muted hover:text-fg">
        Save this screen as a fixture case
      </summary>
      <form
        className="flex flex-col gap-2 border-t border-line px-3 py-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          try {
            setNote({ text: await onSave({ name, state: chosen }), error: false });
            setName('');
          } catch (err) {
            setNote({ text: err instanceof Error ? err.message : String(err), error: true });
          } finally {
            setBusy(false);
          }
        }}
      >
        <p className="text-[12px] text-muted">
          Appends a <code className="font-mono">[[case]]</code> to{' '}
          <code className="font-mono">fixtures/agents/{agentId || '<id>'}.toml</code> in rozi’s data folder,
          in the shared fixture format. Record the state a correct detector must read.
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Case name">
            {(id) => (
              <TextInput
                id={id}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder="blocked-approval"
                className="w-48 font-mono text-[12px]"
              />
            )}
          </Field>
          <Field label="Expected state">
            {(id) => (
              <Select
                id={id}
                value={chosen}
                onChange={(e) => setState(e.target.value as DetectState)}
                className="w-32"
              >
                {DETECT_STATES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" disabled={busy || !name.trim() || !agentId || screen.trim() === ''}>
            Save case
          </Button>
        </div>
        {note && (
          <p
            role={note.error ? 'alert' : 'status'}
            className={`text-[12px] ${note.error ? 'text-danger' : 'text-done'}`}
          >
            {note.text}
          </p>
        )}
      </form>
    </details>
  );
}
