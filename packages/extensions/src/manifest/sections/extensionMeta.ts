// [extension]: identity and compatibility metadata. Only shape errors are decided here;
// whether min_rozi / platforms exclude this machine is decided by compatibility.ts, after the
// whole manifest is known to be well formed (spec: invalid wins over incompatible).
import type { Report } from '../diagnostics';
import { suggestion } from '../didYouMean';
import { type ExtensionMeta, PLATFORMS, type Platform, RESERVED_EXTENSION_IDS } from '../model';
import { TableReader } from '../tableReader';
import { isTable, type TomlTable, typeName } from '../tomlValue';
import { parseVersion } from '../version';

const KEYS = [
  'id',
  'api',
  'title',
  'description',
  'version',
  'min_rozi',
  'platforms',
  'homepage',
  'screenshots',
];
export const MAX_SCREENSHOTS = 4;

/** http(s) with a host and no whitespace. rozi shows the URL and never fetches it. */
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i;

export function readExtensionMeta(report: Report, root: TomlTable): ExtensionMeta | undefined {
  if (!Object.hasOwn(root, 'extension')) {
    report.error('missing-field', ['extension'], 'the manifest needs an [extension] table with id and api');
    return undefined;
  }
  const before = report.errorCount;
  const table = root.extension;
  if (!isTable(table)) {
    report.error(
      'wrong-type',
      ['extension'],
      `"extension" must be a table ([extension]), got ${typeName(table)}`,
    );
    return undefined;
  }
  const t = new TableReader(report, { table: table, path: ['extension'] }, KEYS);

  const id = t.id('id');
  if (id !== undefined && (RESERVED_EXTENSION_IDS as readonly string[]).includes(id)) {
    t.error(
      'reserved-id',
      'id',
      `the extension id "${id}" is reserved (${RESERVED_EXTENSION_IDS.join(', ')})`,
    );
  }
  // api = 1 itself was checked first by validateManifest; here only its presence matters.
  if (!t.has('api'))
    t.error('missing-field', 'api', '"api" is required; this rozi implements extension API 1 (api = 1)');

  const title = t.string('title');
  const description = t.string('description');
  const version = t.string('version');
  const minRozi = t.string('min_rozi');
  if (minRozi !== undefined && parseVersion(minRozi) === undefined) {
    t.error(
      'invalid-version',
      'min_rozi',
      `"min_rozi" must be a version such as "0.0.25", got ${JSON.stringify(minRozi.slice(0, 80))}`,
    );
  }

  let platforms: Platform[] | undefined;
  const rawPlatforms = t.stringList('platforms');
  if (rawPlatforms !== undefined) {
    if (rawPlatforms.length === 0) {
      t.error(
        'empty-value',
        'platforms',
        '"platforms" is empty, which excludes every machine; omit it to run everywhere',
      );
    }
    platforms = [];
    rawPlatforms.forEach((name, i) => {
      if ((PLATFORMS as readonly string[]).includes(name)) {
        if (platforms?.includes(name as Platform))
          report.hint(
            'duplicate-platform',
            ['extension', 'platforms', i],
            `"${name}" is listed twice in platforms`,
          );
        else platforms?.push(name as Platform);
      } else {
        report.error(
          'unknown-platform',
          ['extension', 'platforms', i],
          `unknown platform ${JSON.stringify(name.slice(0, 80))}: use ${PLATFORMS.join(', ')}${suggestion(name, PLATFORMS)}`,
        );
      }
    });
  }

  const homepage = t.string('homepage');
  if (homepage !== undefined && !HTTP_URL.test(homepage)) {
    t.error(
      'invalid-url',
      'homepage',
      `"homepage" must be an http or https URL, got ${JSON.stringify(homepage.slice(0, 80))}`,
    );
  }

  const screenshots = t.stringList('screenshots', { nonEmptyItems: true });
  if (screenshots !== undefined && screenshots.length > MAX_SCREENSHOTS) {
    t.error(
      'too-many-screenshots',
      'screenshots',
      `"screenshots" lists ${screenshots.length} images; at most ${MAX_SCREENSHOTS} are allowed`,
    );
  }

  if (report.errorCount > before || id === undefined) return undefined;
  return {
    id,
    api: 1,
    title: title ?? id,
    description,
    version,
    minRozi,
    platforms,
    homepage,
    screenshots: screenshots ?? [],
  };
}
