import { describe, expect, it } from 'vitest';
import { hunksOf, languageOf, splitRows } from './diffModel';

const PATCH = `diff --git a/src/app.ts b/src/app.ts
index 1111111..2222222 100644
--- a/src/app.ts
+++ b/src/app.ts
@@ -1,3 +1,3 @@
 import { a } from './a';
-export const x = 1;
+export const y = 2;
 console.log(a);
`;

describe('diffModel', () => {
  it('reads hunks with line numbers and colours TypeScript', () => {
    const [hunk] = hunksOf(PATCH, 'src/app.ts');
    expect(hunk?.header).toContain('@@ -1,3 +1,3 @@');
    expect(hunk?.rows.map((r) => [r.kind, r.oldNumber, r.newNumber, r.text])).toEqual([
      ['context', 1, 1, "import { a } from './a';"],
      ['delete', 2, null, 'export const x = 1;'],
      ['insert', null, 2, 'export const y = 2;'],
      ['context', 3, 3, 'console.log(a);'],
    ]);
    expect(hunk?.rows[2]?.html).toContain('hljs-keyword');
  });

  it('pairs a deletion with the insertion that replaces it, side by side', () => {
    const rows = hunksOf(PATCH, 'src/app.ts')[0]?.rows ?? [];
    const split = splitRows(rows);
    expect(split).toHaveLength(3);
    expect(split[1]?.left?.text).toBe('export const x = 1;');
    expect(split[1]?.right?.text).toBe('export const y = 2;');
  });

  it('knows languages by extension and leaves unknown ones plain', () => {
    expect(languageOf('a/b.py')).toBe('python');
    expect(languageOf('Makefile')).toBe('makefile');
    expect(languageOf('data.unknownext')).toBeNull();
    const [hunk] = hunksOf(PATCH.replaceAll('src/app.ts', 'notes.unknownext'), 'notes.unknownext');
    expect(hunk?.rows[1]?.html).toBeNull();
  });
});
