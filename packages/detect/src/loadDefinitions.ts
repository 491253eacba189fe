// Load order and overrides (spec: "Load order and extensions", "Override a built-in agent").
// Consulted order: config.toml entries, then extension entries, then the built-ins nobody
// replaced. A config entry with a built-in's id replaces it, inheriting the built-in's match when
// it omits `match` and its resume unless it sets `resume` (`resume = false` turns it off).
// Extension ids become `<extension>.<id>`, so an extension can never replace a built-in.
import { BUILTIN_CATALOGUE } from './builtinCatalogue';
import {
  validateDefinitionFile,
  type DefinitionDraft,
  type DefinitionFileInput,
} from './validateDefinitions';
import type { AgentEntryLines } from './agentLines';
import type { AgentDefinition, DefinitionSet, DefinitionWarning, StateRule } from './model';

export interface TextFile {
  file: string;
  text: string;
}

export interface ExtensionAgents {
  /** The extension's id; its agents become `<id>.<agent id>`. */
  id: string;
  file?: string;
  /** The manifest's TOML text, or its parsed `agents` array (with `lines` when known). */
  text?: string;
  agents?: unknown;
  lines?: AgentEntryLines[];
}

export interface LoadInput {
  /** Built-in definition files; defaults to the catalogue embedded in this package. */
  builtin?: readonly TextFile[];
  /** config.toml (only its `[[agents]]` are read here). */
  config?: { file?: string; text: string } | null;
  extensions?: readonly ExtensionAgents[];
}

function finish(draft: DefinitionDraft, id = draft.id): AgentDefinition {
  const renamed =
    id === draft.id
      ? draft.states
      : draft.states.map((r): StateRule => ({ ...r, id: r.id.replace(draft.id, id) }));
  return {
    id,
    label: draft.label ?? id,
    base: draft.base,
    // Drafts reaching here have a match: validation drops match-less entries that may not inherit.
    match: draft.match ?? { names: [], paths: [] },
    states: renamed,
    resume: draft.resume || null,
    question: draft.question ?? null,
    source: draft.source,
    location: draft.location,
  };
}

export function createDefinitionSet(
  definitions: AgentDefinition[],
  warnings: DefinitionWarning[] = [],
): DefinitionSet {
  const byId = new Map<string, AgentDefinition>();
  for (const d of definitions) if (!byId.has(d.id)) byId.set(d.id, d);
  return { definitions, byId, warnings };
}

export function loadDefinitions(input: LoadInput = {}): DefinitionSet {
  const warnings: DefinitionWarning[] = [];
  const builtins: AgentDefinition[] = [];
  const builtinById = new Map<string, AgentDefinition>();
  for (const file of input.builtin ?? BUILTIN_CATALOGUE) {
    const res = validateDefinitionFile({ source: { kind: 'builtin' }, file: file.file, text: file.text });
    warnings.push(...res.warnings);
    for (const draft of res.drafts) {
      if (builtinById.has(draft.id)) {
        warnings.push({
          code: 'duplicate-id',
          message: `built-in agent '${draft.id}' is defined twice; the second is ignored`,
          agent: draft.id,
          ...draft.location,
        });
        continue;
      }
      const def = finish(draft);
      builtins.push(def);
      builtinById.set(def.id, def);
    }
  }

  const extensionDefs: AgentDefinition[] = [];
  for (const ext of input.extensions ?? []) {
    const fileInput: DefinitionFileInput = {
      source: { kind: 'extension', extension: ext.id },
      file: ext.file,
      text: ext.text,
      agents: ext.agents,
      lines: ext.lines,
    };
    const res = validateDefinitionFile(fileInput);
    warnings.push(...res.warnings);
    for (const draft of res.drafts) extensionDefs.push(finish(draft, `${ext.id}.${draft.id}`));
  }

  const configDefs: AgentDefinition[] = [];
  const replaced = new Set<string>();
  if (input.config) {
    const res = validateDefinitionFile(
      { source: { kind: 'config' }, file: input.config.file, text: input.config.text },
      { overridable: new Set(builtinById.keys()) },
    );
    warnings.push(...res.warnings);
    for (const draft of res.drafts) {
      const builtin = builtinById.get(draft.id);
      const def = finish(draft);
      if (builtin) {
        replaced.add(draft.id);
        def.overrides = 'builtin';
        if (!draft.match) def.match = builtin.match;
        if (draft.resume === undefined) def.resume = builtin.resume;
        if (draft.question === undefined) def.question = builtin.question;
      }
      configDefs.push(def);
    }
  }

  const definitions = [...configDefs, ...extensionDefs, ...builtins.filter((b) => !replaced.has(b.id))];
  return createDefinitionSet(definitions, warnings);
}
