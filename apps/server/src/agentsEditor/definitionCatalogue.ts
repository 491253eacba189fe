// What Settings → Agents lists: every definition with its source (built-in, config.toml, extension)
// and the warnings detect gave for it, including config entries that were dropped as invalid (the
// user must see those to fix them). And the raw entry behind one definition, as a form draft.
import { parse } from 'smol-toml';
import {
  BUILTIN_CATALOGUE,
  loadDefinitions,
  locateAgentEntries,
  type AgentDefinition,
  type DefinitionWarning,
} from '@rozi/detect';
import { loadDefinitionsFromDisk } from '../detection/loadDefinitions';
import { draftOfEntry, type DefinitionDraft } from './draftModel';
import { readFileState } from './configSaves';

export type CatalogueSource = 'builtin' | 'config' | 'extension';

export interface CatalogueWarning {
  code: DefinitionWarning['code'];
  message: string;
  line: number | null;
}

export interface CatalogueEntry {
  /** `<source>:<id>`, unique in the list. */
  key: string;
  id: string;
  label: string;
  source: CatalogueSource;
  extension: string | null;
  /** False for a config entry detect dropped (its warnings say why). */
  loaded: boolean;
  /** A built-in replaced by a config entry of the same id. */
  overridden: boolean;
  /** A config entry that replaces a built-in. */
  overrides: boolean;
  base: boolean;
  names: string[];
  paths: string[];
  rules: number;
  resume: string[] | null;
  warnings: CatalogueWarning[];
}

export interface Catalogue {
  configFile: string;
  configFound: boolean;
  entries: CatalogueEntry[];
  /** Problems with config.toml as a whole (a TOML syntax error). */
  configWarnings: CatalogueWarning[];
}

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function rawAgents(text: string): unknown[] {
  try {
    const doc = parse(text) as Record<string, unknown>;
    return Array.isArray(doc.agents) ? doc.agents : [];
  } catch {
    return [];
  }
}

let builtinCache: readonly AgentDefinition[] | null = null;
function builtinDefinitions(): readonly AgentDefinition[] {
  builtinCache ??= loadDefinitions({ builtin: BUILTIN_CATALOGUE }).definitions;
  return builtinCache;
}

const asWarning = (w: DefinitionWarning): CatalogueWarning => ({
  code: w.code,
  message: w.message,
  line: w.line ?? null,
});

function entryOf(d: AgentDefinition, warnings: CatalogueWarning[]): CatalogueEntry {
  return {
    key: `${d.source.kind}:${d.id}`,
    id: d.id,
    label: d.label,
    source: d.source.kind,
    extension: d.source.kind === 'extension' ? d.source.extension : null,
    loaded: true,
    overridden: false,
    overrides: d.overrides === 'builtin',
    base: d.base,
    names: d.match.names,
    paths: d.match.paths,
    rules: d.states.length,
    resume: d.resume?.argv ?? null,
    warnings,
  };
}

export async function loadCatalogue(env: NodeJS.ProcessEnv): Promise<Catalogue> {
  const { set, configFile, configFound } = await loadDefinitionsFromDisk(env);
  const configText = (await readFileState(configFile)).bytes.toString('utf8');
  const entries: CatalogueEntry[] = [];

  // config.toml, in file order, dropped entries included; a warning belongs to the entry whose
  // lines hold it.
  const located = locateAgentEntries(configText);
  const configWarnings = set.warnings.filter((w) => w.file === configFile);
  rawAgents(configText).forEach((raw, i) => {
    const from = located[i]?.header ?? 0;
    const to = located[i + 1]?.header ?? Infinity;
    const own = configWarnings
      .filter((w) => w.line !== undefined && w.line >= from && w.line < to)
      .map(asWarning);
    const id = isTable(raw) && typeof raw.id === 'string' ? raw.id : '';
    const def = set.definitions.find((d) => d.source.kind === 'config' && d.id === id);
    if (def) entries.push(entryOf(def, own));
    else {
      const draft = draftOfEntry(raw);
      entries.push({
        key: `config:${id || `#${i + 1}`}`,
        id: id || `(entry ${i + 1})`,
        label: draft.label || id || `entry ${i + 1}`,
        source: 'config',
        extension: null,
        loaded: false,
        overridden: false,
        overrides: false,
        base: draft.base !== false,
        names: draft.match?.names ?? [],
        paths: draft.match?.paths ?? [],
        rules: draft.states?.length ?? 0,
        resume: null,
        warnings: own,
      });
    }
  });
  for (const d of set.definitions) {
    if (d.source.kind !== 'extension') continue;
    const ext = d.source.extension;
    const own = set.warnings
      .filter((w) => w.agent !== undefined && `${ext}.${w.agent}` === d.id)
      .map(asWarning);
    entries.push(entryOf(d, own));
  }
  const overriddenIds = new Set(entries.filter((e) => e.overrides).map((e) => e.id));
  // Replaced built-ins are not in the live set: list the catalogue itself, marking those.
  for (const d of builtinDefinitions())
    entries.push({ ...entryOf(d, []), overridden: overriddenIds.has(d.id) });
  return {
    configFile,
    configFound,
    entries,
    configWarnings: configWarnings
      .filter((w) => w.code === 'toml-syntax' || (w.line === undefined && !w.agent))
      .map(asWarning),
  };
}

function modelDraft(d: AgentDefinition, id: string): DefinitionDraft {
  return {
    id,
    label: d.label,
    base: d.base,
    match: { names: [...d.match.names], paths: [...d.match.paths] },
    states: d.states.map((r) => ({
      state: r.state,
      scope: r.scope,
      [r.target]: {
        all_of: [...r.group.allOf],
        any_of: [...r.group.anyOf],
        none_of: [...r.group.noneOf],
        regex: r.group.regex,
      },
    })),
    ...(d.resume ? { resume: { argv: [...d.resume.argv] } } : {}),
    ...(d.question
      ? {
          question: {
            ...(d.question.select ? { select: d.question.select } : {}),
            ...(d.question.confirm !== undefined ? { confirm: d.question.confirm } : {}),
            ...(d.question.option ? { option: d.question.option.source } : {}),
            ...(d.question.question ? { question: d.question.question.source } : {}),
          },
        }
      : {}),
  };
}

/** The entry behind a definition as the form edits it: as written for config and built-ins. */
export async function draftFor(
  env: NodeJS.ProcessEnv,
  o: { source: CatalogueSource; id: string },
): Promise<DefinitionDraft | null> {
  if (o.source === 'builtin') {
    for (const file of BUILTIN_CATALOGUE) {
      const raw = rawAgents(file.text).find((a) => isTable(a) && a.id === o.id);
      if (raw) return draftOfEntry(raw);
    }
    return null;
  }
  const { set, configFile } = await loadDefinitionsFromDisk(env);
  if (o.source === 'config') {
    const raw = rawAgents((await readFileState(configFile)).bytes.toString('utf8')).find(
      (a) => isTable(a) && a.id === o.id,
    );
    return raw ? draftOfEntry(raw) : null;
  }
  const d = set.definitions.find((x) => x.source.kind === 'extension' && x.id === o.id);
  // An extension's agent copied into config.toml takes the id without the extension prefix.
  return d ? modelDraft(d, o.id.slice(o.id.indexOf('.') + 1)) : null;
}
