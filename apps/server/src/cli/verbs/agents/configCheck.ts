// rozi config check: config.toml read offline by the same loader as the server (config/
// configLoad.ts) plus the agent definitions (config.toml's and installed extensions'). Every
// warning is one line with its file and line: agent definition problems, unknown keys, values of
// the wrong type, a chord bound twice, a command whose program is not on PATH. Keys rozi documents that the web edition does not act on are listed after them
// with the reason. Exit 1 when there is any warning; keys without a web meaning are not warnings.
import { z } from 'zod';
import { join } from 'node:path';
import { diagnosticLine, loadConfigText, type ConfigDiagnostic } from '../../../config/configLoad';
import { readConfigFile } from '../../../config/configStore';
import { inputSettings } from '../../../config/inputSettings';
import { KeyLines } from '../../../config/keyLines';
import { resolvePaths } from '../../../config/paths';
import { readPaneRules } from '../../../config/rules';
import { reservedKeyWarnings } from '../../../config/reservedKeys';
import { doubleBindingWarnings } from '../../../config/doubleBindings';
import { missingProgramWarnings } from '../../../config/missingPrograms';
import { readConfigServices } from '../../../config/services';
import { resolveTheme } from '../../../config/themes';
import { readUserCommands } from '../../../config/userCommands';
import { loadDefinitionsFromDisk } from '../../../detection/loadDefinitions';
import { defineVerb } from '../../verb';
import { warningLine } from './definitions';

const isNote = (d: ConfigDiagnostic) => d.kind === 'no-web-meaning' || d.kind === 'not-built';

export const configCheckVerb = defineVerb({
  flags: z.object({}),
  path: ['config', 'check'],
  summary: 'check config.toml and print every warning with its line (offline)',
  async run(ctx) {
    const { set, configFile, configFound } = await loadDefinitionsFromDisk(ctx.io.env);
    const text = readConfigFile(configFile);
    const loaded = loadConfigText({ file: configFile, text: text ?? '' });
    // A syntax error is already the definitions' `toml-syntax` warning.
    const keyWarnings = loaded.diagnostics.filter((d) => !isNote(d) && d.kind !== 'syntax');
    const notes = loaded.diagnostics.filter(isNote);
    // Entries the key table accepts but their reader skips ([[services]], [[commands]], [keys] commands).
    const root = loaded.root ?? {};
    const entryWarnings = [
      ...readConfigServices({ root, text: text ?? '', file: configFile }).warnings,
      ...readUserCommands({ root, text: text ?? '', file: configFile }).warnings,
      ...readPaneRules({ root, text: text ?? '', file: configFile }).warnings,
      ...reservedKeyWarnings({ root, text: text ?? '', file: configFile }),
    ];
    // A chord bound to two things, a program that is not there: the file loads, the key or the
    // command does not do what it says.
    const coded: Array<[string, string]> = [
      ...doubleBindingWarnings({ root, text: text ?? '', file: configFile }).map((w): [string, string] => [
        w,
        'bound-twice',
      ]),
      ...missingProgramWarnings({ root, text: text ?? '', file: configFile, env: ctx.io.env }).map(
        (w): [string, string] => [w, 'missing-program'],
      ),
    ];
    const themeName =
      root.theme && typeof root.theme === 'object' ? (root.theme as { name?: unknown }).name : undefined;
    const theme = resolveTheme({
      name: themeName,
      themesDir: join(resolvePaths(ctx.io.env).configDir, 'themes'),
    });
    const lines = new KeyLines(text ?? '');
    for (const w of inputSettings(root).warnings)
      entryWarnings.push(`${configFile}:${lines.lineOf(['input']) ?? '?'}: ${w}`);
    if (theme.warning)
      entryWarnings.push(
        `${configFile}:${new KeyLines(text ?? '').lineOf(['theme', 'name']) ?? '?'}: ${theme.warning}`,
      );
    const warnings = [
      ...set.warnings,
      ...keyWarnings.map((d) => ({
        code: d.kind,
        message: d.message,
        file: d.file,
        line: d.line,
        column: d.column,
        key: d.key,
      })),
      ...[...entryWarnings.map((w): [string, string] => [w, 'bad-entry']), ...coded].map(([w, code]) => ({
        code,
        message: w.slice(configFile.length + 1).replace(/^[\d?]+: /, ''),
        file: configFile,
        line: Number(/^(\d+):/.exec(w.slice(configFile.length + 1))?.[1]) || null,
        column: null,
        key: '',
      })),
    ];
    const value = {
      file: configFile,
      exists: configFound,
      warnings,
      notUsed: notes.map((d) => ({ key: d.key, kind: d.kind, reason: d.message, line: d.line })),
      ownReaders: loaded.owned,
    };
    ctx.print(value, () => {
      if (!configFound && warnings.length === 0) return `${configFile}: not found (built-in defaults apply)`;
      const lines = [
        ...set.warnings.map(warningLine),
        ...keyWarnings.map((d) => `${diagnosticLine(d)} [${d.kind}]`),
        ...entryWarnings.map((w) => `${w} [bad-entry]`),
        ...coded.map(([w, code]) => `${w} [${code}]`),
      ];
      if (notes.length > 0)
        lines.push(
          `not used in the web edition (${notes.length}):`,
          ...notes.map((d) => `  ${diagnosticLine(d)}`),
        );
      lines.push(
        warnings.length === 0
          ? `${configFile}: no warnings`
          : `${warnings.length} warning${warnings.length === 1 ? '' : 's'}`,
      );
      return lines.join('\n');
    });
    return warnings.length > 0 ? 1 : 0;
  },
});
