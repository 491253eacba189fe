// discover.*: the Discover gallery and the extension manager (issue 9). The index comes from
// ROZI_DISCOVER_INDEX, config.toml [discover] index, or the shipped default (discover/indexSource.ts);
// installs report clone → validate → snapshot → start as `discover-progress` events; management
// (enable, disable, remove [--purge], logs) goes through the same runtime functions as the CLI.
import { readLogTails, extensionLogDir, removeExtension, InstallError } from '@rozi/extensions/node';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  entryDetails,
  extensionDirsOf,
  installFromIndex,
  updatePreview,
} from '../../discover/discoverService';
import { indexLocation, loadIndex } from '../../discover/indexSource';
import type { IndexEntry } from '../../discover/indexTypes';
import type { ExtensionHost } from '../../extensions/host';
import { setExtensionEnabled } from '../../extensions/enabledState';
import { ExtensionHostError } from '../../extensions/hostError';
import { procedure, router } from '../trpc';

async function indexOf(host: ExtensionHost) {
  const { env, paths } = host.context();
  return loadIndex(indexLocation({ env, configFile: paths.configFile }));
}

async function entryOf(host: ExtensionHost, id: string): Promise<IndexEntry> {
  const index = await indexOf(host);
  const entry = index.entries.find((e) => e.id === id);
  if (!entry)
    throw new ExtensionHostError('not-found', index.problem ?? `'${id}' is not in the Discover index`);
  return entry;
}

function manageError(err: unknown): never {
  if (err instanceof InstallError)
    throw new ExtensionHostError(err.code === 'not-installed' ? 'not-found' : 'invalid', err.message);
  throw err;
}

export const discoverRouter = router({
  list: procedure.query(async ({ ctx }) => {
    const host = ctx.extensions;
    const index = await indexOf(host);
    const installed = new Map(host.extensions().map((l) => [l.entry.id, l]));
    return {
      source: index.location,
      generatedAt: index.generatedAt,
      problem: index.problem,
      platform:
        process.platform === 'darwin' ? 'macos' : process.platform === 'win32' ? 'windows' : process.platform,
      entries: index.entries.map((e) => {
        const l = installed.get(e.id);
        return {
          ...e,
          installed: l ? { state: l.state, commit: l.entry.commit, enabled: l.entry.enabled } : null,
          updateAvailable: !!l && l.entry.commit !== null && l.entry.commit !== e.commit,
        };
      }),
    };
  }),

  details: procedure.input(z.object({ id: z.string().min(1) })).query(async ({ ctx, input }) => {
    const host = ctx.extensions;
    const entry = await entryOf(host, input.id);
    try {
      return { entry, details: await entryDetails(host, entry), problem: null };
    } catch (err) {
      return {
        entry,
        details: null,
        problem: `cannot read ${entry.repo} at ${entry.commit.slice(0, 12)}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`,
      };
    }
  }),

  /** Starts an install (or update to the indexed commit); progress arrives as discover-progress events. */
  install: procedure.input(z.object({ id: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    const host = ctx.extensions;
    const entry = await entryOf(host, input.id);
    const install = randomBytes(6).toString('hex');
    const { bus } = host.context();
    void installFromIndex({
      host,
      entry,
      progress: (phase, state, message) =>
        bus.emit({
          type: 'discover-progress',
          install,
          extension: entry.id,
          phase,
          state,
          message: message ?? null,
        }),
    });
    return { install, extension: entry.id };
  }),

  updatePreview: procedure.input(z.object({ id: z.string().min(1) })).query(async ({ ctx, input }) => {
    const host = ctx.extensions;
    return updatePreview(host, await entryOf(host, input.id));
  }),

  setEnabled: procedure
    .input(z.object({ id: z.string().min(1), enabled: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const host = ctx.extensions;
      let changed = false;
      try {
        changed = setExtensionEnabled({
          dirs: extensionDirsOf(host),
          configFile: host.context().paths.configFile,
          id: input.id,
          enabled: input.enabled,
        }).changed;
      } catch (err) {
        manageError(err);
      }
      await host.reload();
      return { id: input.id, enabled: input.enabled, changed };
    }),

  remove: procedure
    .input(z.object({ id: z.string().min(1), purge: z.boolean().default(false) }))
    .mutation(async ({ ctx, input }) => {
      const host = ctx.extensions;
      try {
        removeExtension({ dirs: extensionDirsOf(host), id: input.id, purge: input.purge });
      } catch (err) {
        manageError(err);
      }
      await host.reload();
      return { id: input.id, removed: true, purged: input.purge };
    }),

  /** The last lines of each log unit (or one); the manager polls it for a live tail. */
  logs: procedure
    .input(
      z.object({
        id: z.string().min(1),
        unit: z.string().optional(),
        lines: z.number().int().min(1).max(2000).default(200),
      }),
    )
    .query(({ ctx, input }) => {
      const host = ctx.extensions;
      if (input.unit !== undefined && !/^[a-z0-9_.-]+$/.test(input.unit))
        throw new ExtensionHostError('invalid', `'${input.unit}' is not a log unit`);
      return readLogTails({
        dir: extensionLogDir(host.context().paths.logDir, input.id),
        unit: input.unit,
        lines: input.lines,
      });
    }),
});
