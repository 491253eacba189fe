// A process that edits config.toml for src/config/configEdit.test.ts: `hand FILE N` appends N
// comment lines in place as an editor or `echo >>` would, `rozi FILE TAG N` makes N edits through
// the one write path, as the server or another rozi would.
import { appendFileSync } from 'node:fs';
import { editConfigTable } from '../src/config/tableEdit';

const [mode, file, tag, count] = process.argv.slice(2);
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
if (mode === 'hand' && file) {
  for (let i = 0; i < Number(tag); i++) {
    appendFileSync(file, `# hand ${i}\n`);
    sleep(2 + (i % 5)); // faster than any person types, slower than a loop
  }
} else if (mode === 'rozi' && file && tag) {
  for (let i = 0; i < Number(count); i++)
    editConfigTable(file, { table: ['keys'], set: { [`${tag}-${i}`]: 'x' } });
} else {
  process.stderr.write('usage: configEditWriter hand FILE N | rozi FILE TAG N\n');
  process.exit(2);
}
