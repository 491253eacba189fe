'use client';
// The agent definition editor: the form on the left, the live preview on the right. The draft is
// checked and evaluated by the server (detect's own code) a moment after each change; the live pane
// is re-captured every half second. Save writes config.toml and reloads detection; the last save
// can be undone. Opened from a pane ("Teach rozi this agent…") with ?pane=<session>:<id>.
import { isAgentState, StatusBadge, Button, Dialog, EmptyState, Page } from '@rozi/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpcClient';
import { AppProviders } from '../shell/AppProviders';
import { useWorkspace } from '../cache/useWorkspace';
import { useApplyTheme } from '../settings/useResolvedTheme';
import { DefinitionForm } from './DefinitionForm';
import { newDraft, normaliseDraft } from './draftEdits';
import type { DetectState, Draft } from './editorTypes';
import { LivePreview, type PreviewSource } from './LivePreview';
import { SourceBadge } from './SourceBadge';
import { guessFromProgram } from './programName';
import { useDebounced } from './useDebounced';

type Mode = 'new' | 'edit' | 'override' | 'copy';

interface Banner {
  tone: 'ok' | 'error';
  text: string;
  undo?: boolean;
}

function parsePaneRef(ref: string | null): { session: string; id: number } | null {
  const m = ref ? /^(.+):(\d+)$/.exec(ref) : null;
  return m ? { session: m[1]!, id: Number(m[2]) } : null;
}

function Editor() {
  useApplyTheme();
  const params = useSearchParams();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();

  const source = params.get('source') as 'builtin' | 'config' | 'extension' | null;
  const sourceId = params.get('id');
  const paneRef = parsePaneRef(params.get('pane'));
  const initialMode: Mode =
    source === 'config'
      ? 'edit'
      : source === 'builtin'
        ? 'override'
        : source === 'extension'
          ? 'copy'
          : 'new';

  const workspace = useWorkspace();
  const panes = useMemo(() => (workspace.data?.panes ?? []).filter((p) => !p.exited), [workspace.data]);
  const openedFrom = paneRef
    ? panes.find((p) => p.session === paneRef.session && p.id === paneRef.id)
    : undefined;

  const existing = useQuery({
    ...trpc.definitions.get.queryOptions({ source: source ?? 'config', id: sourceId ?? '' }),
    enabled: !!source && !!sourceId,
    staleTime: Infinity,
  });
  const commonRules = useQuery(trpc.definitions.commonRules.queryOptions(undefined, { staleTime: Infinity }));
  const fixtures = useQuery(trpc.definitions.fixtures.queryOptions());
  const list = useQuery(trpc.definitions.list.queryOptions());

  const [mode, setMode] = useState<Mode>(initialMode);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [replaces, setReplaces] = useState<string | undefined>(
    source === 'config' ? (sourceId ?? undefined) : undefined,
  );
  const [saved, setSaved] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [previewSource, setPreviewSource] = useState<PreviewSource>({ kind: 'pane', key: null });

  // The first draft: the definition named in the URL, or a new one named after the pane's program.
  useEffect(() => {
    if (draft) return;
    if (source && sourceId) {
      if (existing.data) {
        setDraft(existing.data);
        if (source === 'config') setSaved(JSON.stringify(existing.data));
      }
      return;
    }
    if (paneRef && !workspace.data) return;
    const guess = guessFromProgram(openedFrom?.foreground_program, openedFrom?.foreground_arguments);
    setDraft(newDraft(guess ?? {}));
  }, [draft, source, sourceId, existing.data, paneRef, workspace.data, openedFrom]);

  // The preview starts on the pane the editor was opened from, else the first live pane.
  useEffect(() => {
    if (previewSource.kind !== 'pane' || previewSource.key !== null) return;
    const pick = openedFrom ?? panes[0];
    if (pick) setPreviewSource({ kind: 'pane', key: pick.key });
  }, [previewSource, openedFrom, panes]);

  const sent = useDebounced(draft ? normaliseDraft(draft) : null, 200);
  const check = useQuery({
    queryKey: ['definitions.check', sent, replaces],
    queryFn: () => client.definitions.check.mutate({ draft: sent!, replaces }),
    enabled: sent !== null,
    placeholderData: keepPreviousData,
  });
  const sourceKey =
    previewSource.kind === 'pane'
      ? { pane: previewSource.key }
      : { screen: previewSource.screen, title: previewSource.title };
  const preview = useQuery({
    queryKey: ['definitions.preview', sent, sourceKey],
    queryFn: () =>
      client.definitions.preview.mutate(
        previewSource.kind === 'pane'
          ? { draft: sent!, ...(previewSource.key !== null ? { pane: { key: previewSource.key } } : {}) }
          : { draft: sent!, screen: previewSource.screen, title: previewSource.title },
      ),
    enabled: sent !== null,
    placeholderData: keepPreviousData,
    // The live pane changes under us: re-capture twice a second while the page is visible.
    refetchInterval: previewSource.kind === 'pane' && previewSource.key !== null ? 500 : false,
    retry: false,
  });

  const save = useMutation({
    mutationFn: (d: Draft) =>
      client.definitions.save.mutate({
        draft: normaliseDraft(d),
        replaces,
        label: `${mode === 'override' ? 'override of' : 'save of'} ${d.id.trim()}`,
      }),
    onSuccess: (r, d) => {
      setReplaces(d.id.trim());
      setMode('edit');
      setSaved(JSON.stringify(d));
      setBanner({
        tone: 'ok',
        text: `Saved to ${r.file}. ${r.reloaded ? 'Detection reloaded.' : 'Live detection picks it up when config.toml is reloaded.'}`,
        undo: true,
      });
    },
    onError: (err) => setBanner({ tone: 'error', text: err.message }),
  });
  const undo = useMutation({
    mutationFn: () => client.definitions.undo.mutate(),
    onSuccess: (r) => {
      setSaved(null);
      setBanner({
        tone: 'ok',
        text: `Undid the ${r.label}: ${r.restored === 'removed' ? 'config.toml removed, as before' : 'config.toml is back as it was'}.`,
      });
    },
    onError: (err) => setBanner({ tone: 'error', text: err.message }),
  });
  const saveFixture = async (o: { name: string; state: DetectState }) => {
    const data = preview.data;
    const r = await client.definitions.saveFixture.mutate({
      agent: draft?.id.trim() ?? '',
      name: o.name,
      state: o.state,
      screen: data?.screen ?? '',
      title: data?.title || undefined,
    });
    void queryClient.invalidateQueries({ queryKey: trpc.definitions.fixtures.queryKey() });
    return `${r.created ? 'Created' : 'Added to'} ${r.file}.`;
  };

  const warnings = check.data?.warnings ?? [];
  const dirty = draft !== null && JSON.stringify(draft) !== saved;
  const doSave = () => draft && !save.isPending && save.mutate(draft);
  const saveRef = useRef(doSave);
  saveRef.current = doSave;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const idNote = !check.data
    ? null
    : check.data.overridesBuiltin
      ? `Overrides the built-in ‘${draft?.id.trim()}’: omitted fields keep the built-in’s match and resume.`
      : check.data.replacesConfigEntry
        ? 'config.toml already has an entry with this id: saving replaces it.'
        : null;
  const title =
    mode === 'new'
      ? 'Teach rozi an agent'
      : mode === 'override'
        ? `Override ${existing.data?.label || sourceId}`
        : mode === 'copy'
          ? `Copy ${sourceId}`
          : `Edit ${draft?.label || draft?.id || sourceId}`;
  const undoAvailable = list.data?.undo ?? null;
  const paneForBadge =
    previewSource.kind === 'pane' ? panes.find((p) => p.key === previewSource.key) : undefined;

  return (
    <Page
      back={{ href: '/settings/agents', label: 'Agents' }}
      title={title}
      badge={
        <>
          {source && <SourceBadge source={mode === 'edit' ? 'config' : source} />}
          {dirty && <span className="text-[12px] text-muted">· unsaved</span>}
        </>
      }
      actions={
        <>
          {undoAvailable && (
            <Button
              onClick={() => undo.mutate()}
              disabled={undo.isPending}
              title={`Undo the ${undoAvailable.label}`}
            >
              Undo last save
            </Button>
          )}
          <Button onClick={() => setExportOpen(true)} disabled={!draft}>
            Export
          </Button>
          <Button
            variant="primary"
            onClick={doSave}
            disabled={!draft || save.isPending}
            title="Save to config.toml (Ctrl+S)"
          >
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      {banner && (
        <div
          role={banner.tone === 'error' ? 'alert' : 'status'}
          data-testid="editor-banner"
          data-tone={banner.tone}
          className={`sticky top-12 z-10 flex items-center gap-3 border-b px-4 py-2 text-[12px] backdrop-blur ${banner.tone === 'error' ? 'border-danger/40 bg-[color-mix(in_srgb,var(--rz-danger)_14%,var(--rz-surface))] text-danger' : 'border-done/30 bg-[color-mix(in_srgb,var(--rz-done)_12%,var(--rz-surface))] text-fg'}`}
        >
          <span className="flex-1">{banner.text}</span>
          {banner.undo && undoAvailable && (
            <Button className="h-7" onClick={() => undo.mutate()} disabled={undo.isPending}>
              Undo
            </Button>
          )}
          <button
            type="button"
            className="text-muted hover:text-fg"
            aria-label="Dismiss"
            onClick={() => setBanner(null)}
          >
            ×
          </button>
        </div>
      )}
      {existing.error ? (
        <EmptyState icon="agent" title="Definition not found">
          {existing.error.message}
        </EmptyState>
      ) : !draft ? (
        <div className="p-8 text-center text-[13px] text-muted">Loading…</div>
      ) : (
        <main className="mx-auto grid max-w-[1600px] gap-5 px-4 py-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)]">
          <DefinitionForm
            draft={draft}
            onChange={setDraft}
            warnings={warnings}
            commonRules={commonRules.data ?? []}
            evaluation={preview.data?.evaluation ?? null}
            idNote={idNote}
          />
          <aside
            className={`lg:sticky lg:overflow-auto ${banner ? 'lg:top-[6.5rem] lg:max-h-[calc(100dvh-7.5rem)]' : 'lg:top-16 lg:max-h-[calc(100dvh-5rem)]'}`}
            aria-label="Live preview"
          >
            <LivePreview
              source={previewSource}
              onSource={setPreviewSource}
              panes={panes}
              fixtures={fixtures.data ?? []}
              screen={preview.data?.screen ?? ''}
              title={preview.data?.title ?? ''}
              evaluation={preview.data?.evaluation ?? null}
              error={preview.error ? preview.error.message : null}
              onSaveFixture={saveFixture}
              agentId={draft.id.trim()}
              dropped={warnings
                .filter((w) => w.field === 'rule' && w.rule !== undefined && /rule dropped$/.test(w.message))
                .map((w) => ({ rule: w.rule!, message: w.message }))}
              paneBadge={
                paneForBadge && (
                  <p className="flex items-center gap-2 text-[12px] text-muted" data-testid="pane-badge">
                    The pane’s badge now:
                    {paneForBadge.agent ? (
                      <span className="rounded bg-surface-3 px-1.5 text-[11px] text-fg/90">
                        {paneForBadge.agent}
                      </span>
                    ) : (
                      <span>no agent detected</span>
                    )}
                    {isAgentState(paneForBadge.agent_state) && (
                      <StatusBadge state={paneForBadge.agent_state} />
                    )}
                    <span className="ml-auto text-[11px]">saved definitions, live</span>
                  </p>
                )
              }
            />
          </aside>
        </main>
      )}
      <ExportDialog open={exportOpen} onClose={() => setExportOpen(false)} draft={draft} />
    </Page>
  );
}

function ExportDialog({ open, onClose, draft }: { open: boolean; onClose(): void; draft: Draft | null }) {
  const client = useTRPCClient();
  const exported = useQuery({
    queryKey: ['definitions.export', draft],
    queryFn: () => client.definitions.export.mutate({ draft: normaliseDraft(draft!) }),
    enabled: open && draft !== null,
  });
  const [copied, setCopied] = useState<string | null>(null);
  const block = (label: string, text: string | undefined) => (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center">
        <h3 className="flex-1 text-[12px] font-medium">{label}</h3>
        <Button
          className="h-7"
          disabled={!text}
          onClick={() => {
            void navigator.clipboard.writeText(text ?? '').then(() => setCopied(label));
          }}
        >
          {copied === label ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <pre className="max-h-64 overflow-auto rounded-md border border-line bg-term p-2.5 font-mono text-[12px] leading-[18px] text-fg">
        {text ?? '…'}
      </pre>
    </div>
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Export definition"
      widthClass="w-[min(760px,calc(100vw-2rem))]"
    >
      <div className="flex flex-col gap-4">
        {block('config.toml', exported.data?.toml)}
        {block('extension.toml snippet', exported.data?.extensionSnippet)}
      </div>
    </Dialog>
  );
}

export default function AgentEditorPage() {
  return (
    <AppProviders>
      <Suspense fallback={null}>
        <Editor />
      </Suspense>
    </AppProviders>
  );
}
