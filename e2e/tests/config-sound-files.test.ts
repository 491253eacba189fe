// [sounds] <cue>_file in a real browser: a background pane's BEL plays the person's own WAV (fetched
// through config.soundFile, decoded by Web Audio) instead of the built-in bell note; when the file
// named is missing, the page says so in one line and the built-in note plays instead. Playback is
// counted by stubs on AudioBufferSourceNode.start (the file) and OscillatorNode.start at 1046 Hz
// (the built-in bell cue).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { pane, waitFor } from '../lib/terminalText';
import { openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let browser: Browser;
let configFile: string;

/** A tenth of a second of an 8 kHz 8-bit mono tone: a real WAV any browser decodes. */
function wav(): Buffer {
  const rate = 8000;
  const n = 800;
  const b = Buffer.alloc(44 + n);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n, 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(n, 40);
  for (let i = 0; i < n; i++) b[44 + i] = 128 + Math.round(60 * Math.sin(i / 3));
  return b;
}

const config = (bellFile: string) =>
  `[sounds]\nenabled = true\nbell = true\nthrottle_ms = 100\nbell_file = "${bellFile}"\n`;

beforeAll(async () => {
  server = await startRozi();
  const dir = join(server.home, '.config', 'rozi');
  mkdirSync(dir, { recursive: true });
  configFile = join(dir, 'config.toml');
  writeFileSync(join(server.home, 'ding.wav'), wav());
  writeFileSync(configFile, config('~/ding.wav'));
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

function countAudio(): void {
  const w = window as unknown as { __files: number; __notes: number };
  w.__files = 0;
  w.__notes = 0;
  const startSource = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: [number?]) {
    if (this.buffer && this.buffer.duration > 0.05) w.__files++;
    return startSource.apply(this, args);
  };
  const startNote = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
    if (this.frequency.value === 1046) w.__notes++;
    return startNote.apply(this, args);
  };
}

describe('[sounds] bell_file', () => {
  it("plays the person's own sound for a background bell, and the built-in note with one line when the file is gone", async () => {
    const { page } = browser;
    await page.addInitScript(countAudio);
    const behaviour = page.waitForResponse((r) => r.url().includes('config.behaviour'), { timeout: 120_000 });
    await openWorkspace(page, server.url);
    await behaviour;
    await page.getByRole('button', { name: 'New tab' }).click();
    await pane(page, 2).waitFor({ timeout: 60_000 });
    const counts = () =>
      page.evaluate(() => {
        const w = window as unknown as { __files: number; __notes: number };
        return { files: w.__files, notes: w.__notes };
      });

    const fetched = page.waitForResponse((r) => r.url().includes('config.soundFile'), { timeout: 120_000 });
    await server.cli(['send-text', '--target', '1', '--enter', "printf '\\a'"]);
    expect((await fetched).status()).toBe(200);
    await waitFor('the file played', async () => (await counts()).files >= 1, 60_000);
    expect((await counts()).notes).toBe(0);

    // The file named now does not exist: one line, and the built-in note.
    const reread = page.waitForResponse((r) => r.url().includes('config.behaviour'), { timeout: 120_000 });
    writeFileSync(configFile, config('~/missing.wav'));
    await reread;
    await server.cli(['send-text', '--target', '1', '--enter', "printf '\\a'"]);
    const toast = page.locator('[data-toast="warn"]', { hasText: 'missing.wav' });
    await toast.waitFor({ timeout: 60_000 });
    expect(await toast.innerText()).toContain(`${join(server.home, 'missing.wav')}: no such file`);
    await waitFor('the built-in note played', async () => (await counts()).notes >= 1, 60_000);
    await screenshot(page, 'config-sound-file-missing');
  }, 360_000);
});
