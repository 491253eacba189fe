// Export of a draft: the plain `[[agents]]` TOML for someone's config.toml, and the same entry as
// an extension.toml snippet (extensions use the same fields; their ids are namespaced, so an
// extension can add an agent but never replace a built-in).
import { entryOfDraft, type DefinitionDraft } from './draftModel';
import { renderAgentEntry } from './tomlRender';

export interface DefinitionExport {
  toml: string;
  extensionSnippet: string;
}

export function exportDraft(draft: DefinitionDraft): DefinitionExport {
  const block = renderAgentEntry(entryOfDraft(draft));
  return {
    toml: `# rozi agent definition: add to config.toml (~/.config/rozi/config.toml)\n${block}\n`,
    extensionSnippet:
      `# In your extension's extension.toml. rozi loads it as '<extension id>.${draft.id}';\n` +
      `# an extension adds an agent but cannot replace a built-in (that takes a config.toml entry).\n${block}\n`,
  };
}
