// definitions.*: the agent definition editor (Settings → Agents). Every check and evaluation is
// @rozi/detect's own (agentsEditor/draftCheck.ts), so the form shows exactly what the server will
// say; saving edits config.toml in place (agentsEditor/configPatch.ts), records the bytes it
// replaced for undo (agentsEditor/configSaves.ts) and reloads live detection.
import { z } from 'zod';
import { COMMON_RULES, COMMON_RULE_NOTES, isAgentState } from '@rozi/detect';
import { putAgentEntry } from '../../agentsEditor/configPatch';
import { draftFor, loadCatalogue } from '../../agentsEditor/definitionCatalogue';
import { exportDraft } from '../../agentsEditor/definitionExport';
import { reloadDetection } from '../../detection/detectionReload';
import { checkDraft, evaluateDraft, builtinIds } from '../../agentsEditor/draftCheck';
import { definitionDraft, entryOfDraft } from '../../agentsEditor/draftModel';
import { UndoRefused } from '../../agentsEditor/configSaves';
import { appendFixtureCase, fixtureRoots, listFixtures } from '../../agentsEditor/fixtureLibrary';
import { paneScreen } from '../../agentsEditor/paneScreen';
import { RoziError } from '../../session/errors';
import { resolvePane } from '../../session/target';
import { targetInput } from '../inputs';
import { procedure, router } from '../trpc';

const sourceInput = z.enum(['builtin', 'config', 'extension']);
// check, preview and export change nothing, yet are mutations: their inputs (a draft with many
// regex rules, a pasted screen) do not fit in the URL of a GET query. The page drives them from
// useQuery all the same.
/** Screens are a terminal's worth of text; this bounds a pasted one. */
const screenText = z.string().max(512 * 1024);

export const definitionsRouter = router({
  /** Every definition with its source and warnings, config entries that were dropped included. */
  list: procedure.query(async ({ ctx }) => {
    const state = ctx.editor;
    const catalogue = await loadCatalogue(state.env);
    return { ...catalogue, undo: state.saves.last() };
  }),

  /** The entry behind one definition, as the form edits it. */
  get: procedure
    .input(z.object({ source: sourceInput, id: z.string().min(1) }))
    .query(async ({ ctx, input }) => {
      const draft = await draftFor(ctx.editor.env, input);
      if (!draft) throw new RoziError('not-found', `no ${input.source} agent definition '${input.id}'`);
      return draft;
    }),

  /** rozi's common rules (applied with base = true) and why each exists. */
  commonRules: procedure.query(() =>
    COMMON_RULES.map((r) => ({
      id: r.id,
      state: r.state,
      target: r.target,
      scope: r.scope,
      regex: r.group.regex,
      allOf: r.group.allOf,
      anyOf: r.group.anyOf,
      noneOf: r.group.noneOf,
      note: COMMON_RULE_NOTES.get(r.id) ?? '',
    })),
  ),

  /** detect's warnings for the draft, attributed to form fields; and what saving it would do. */
  check: procedure
    .input(z.object({ draft: definitionDraft, replaces: z.string().optional() }))
    .mutation(async ({ ctx, input }) => {
      const catalogue = await loadCatalogue(ctx.editor.env);
      const inConfig = catalogue.entries.some(
        (e) => e.source === 'config' && e.id === input.draft.id && e.id !== input.replaces,
      );
      return {
        warnings: checkDraft(input.draft),
        overridesBuiltin: builtinIds().has(input.draft.id),
        replacesConfigEntry: inConfig,
      };
    }),

  /** A live pane's screen and title (capture-pane). */
  capture: procedure
    .input(targetInput)
    .query(({ ctx, input }) => paneScreen(resolvePane(ctx.manager, input))),

  /**
   * The draft evaluated against a screen: a live pane's (`pane`), or a pasted / fixture one
   * (`screen` + `title`). Returns the screen it read, so highlights line up with what was judged.
   */
  preview: procedure
    .input(
      z.object({
        draft: definitionDraft,
        pane: targetInput.optional(),
        screen: screenText.optional(),
        title: z.string().max(4096).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const capture = input.pane ? await paneScreen(resolvePane(ctx.manager, input.pane)) : null;
      const screen = capture?.screen ?? input.screen ?? '';
      const title = capture?.title ?? input.title ?? '';
      return {
        capture,
        screen,
        title,
        evaluation: evaluateDraft(input.draft, { screen, title }),
        warnings: checkDraft(input.draft),
      };
    }),

  /** Writes the entry into config.toml (refused with the reason when detect warns), then reloads detection. */
  save: procedure
    .input(
      z.object({
        draft: definitionDraft,
        replaces: z.string().optional(),
        label: z.string().max(120).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const warnings = checkDraft(input.draft);
      if (warnings.length > 0) {
        const more = warnings.length > 1 ? ` (and ${warnings.length - 1} more)` : '';
        throw new RoziError('invalid', `not saved: ${warnings[0]!.message}${more}`);
      }
      const state = ctx.editor;
      const label = input.label ?? `save of ${input.draft.id}`;
      const result = await state.saves.save(label, (text) => {
        const patched = putAgentEntry(text, { entry: entryOfDraft(input.draft), replaces: input.replaces });
        return patched.ok ? { text: patched.text } : { error: patched.reason };
      });
      if ('error' in result) throw new RoziError('conflict', `not saved: ${result.error}`);
      await reloadDetection({
        detection: ctx.status,
        bus: ctx.manager.bus,
        env: state.env,
        reason: 'editor-save',
      });
      return { file: state.saves.file, reloaded: true, undo: state.saves.last() };
    }),

  /** Puts back config.toml as it was before the last save from the editor. */
  undo: procedure.mutation(async ({ ctx }) => {
    const state = ctx.editor;
    try {
      const undone = await state.saves.undo();
      await reloadDetection({
        detection: ctx.status,
        bus: ctx.manager.bus,
        env: state.env,
        reason: 'editor-undo',
      });
      return { ...undone, file: state.saves.file, reloaded: true, undo: state.saves.last() };
    } catch (err) {
      if (err instanceof UndoRefused) throw new RoziError('conflict', err.message);
      throw err;
    }
  }),

  /** The draft as plain config.toml TOML and as an extension.toml snippet. */
  export: procedure
    .input(z.object({ draft: definitionDraft }))
    .mutation(({ input }) => exportDraft(input.draft)),

  /** Fixture cases to load into the preview: the user's saved ones, the shared captures, detect's evidence. */
  fixtures: procedure.query(async ({ ctx }) => listFixtures(fixtureRoots(ctx.editor.savedFixturesDir))),

  /** Saves a screen (usually the live capture) as a case in the shared fixture format. */
  saveFixture: procedure
    .input(
      z.object({
        agent: z.string().min(1),
        name: z.string().min(1).max(120),
        state: z.string(),
        title: z.string().max(4096).optional(),
        screen: screenText,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (!isAgentState(input.state))
        throw new RoziError(
          'invalid',
          `state must be working, blocked, idle or unknown, not '${input.state}'`,
        );
      const state = ctx.editor;
      try {
        return await appendFixtureCase({
          dir: state.savedFixturesDir,
          agent: input.agent,
          case: {
            name: input.name,
            state: input.state,
            screen: input.screen,
            ...(input.title ? { title: input.title } : {}),
          },
          today: new Date().toISOString().slice(0, 10),
        });
      } catch (err) {
        throw new RoziError('invalid', err instanceof Error ? err.message : String(err));
      }
    }),
});
