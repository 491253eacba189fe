// A desktop and a phone on one session (issue 17.3), in two real Chromium pages: the pane's PTY
// takes the size of the device used last (tmux's window-size latest) and goes back to the
// desktop's when the phone leaves, so a phone never leaves the desktop's pane at its width. A
// program in the pane writes its terminal size to a file on every SIGWINCH; the test reads it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from '../lib/browser';
import { startRozi, type RoziServer } from '../lib/roziServer';
import { typeInTerminal, waitFor } from '../lib/terminalText';
import { followIfAsked, openWorkspace } from '../lib/workspaceProbe';

let server: RoziServer;
let desktop: Browser;
let phone: Browser | null = null;
let sizeFile: string;

beforeAll(async () => {
  server = await startRozi();
  sizeFile = join(server.home, 'size.txt');
  writeFileSync(
    join(server.home, 'size-probe.cjs'),
    `const fs = require('node:fs');
const write = () => fs.writeFileSync(${JSON.stringify(sizeFile)}, process.stdout.columns + 'x' + process.stdout.rows);
process.stdout.on('resize', write);
write();
process.stdin.resume();
`,
  );
  desktop = await openBrowser({ viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await phone?.close();
  await desktop?.close();
  await server?.dispose();
});

const size = (): { cols: number; rows: number } | null => {
  try {
    const [cols, rows] = readFileSync(sizeFile, 'utf8').split('x').map(Number);
    return cols && rows ? { cols, rows } : null;
  } catch {
    return null;
  }
};

describe('a desktop and a phone on one session', () => {
  let desk: { cols: number; rows: number };
  let mobile: { cols: number; rows: number };

  it('the desktop sets the size, the phone takes it while in use, the desktop takes it back with a key', async () => {
    await openWorkspace(desktop.page, server.url);
    await typeInTerminal(desktop.page, `${process.execPath} ~/size-probe.cjs\n`);
    desk = await waitFor('the desktop size', async () => {
      const s = size();
      return s && s.cols > 100 ? s : null;
    });

    phone = await openBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const url = new URL(server.url);
    url.searchParams.set('a11y', '1');
    await phone.page.goto(url.toString());
    // The desktop page drives main: the phone is asked, and follows.
    await followIfAsked(phone.page);
    await phone.page.locator('[data-pane-card]').first().tap({ timeout: 30_000 });
    await phone.page.locator('[data-mobile-terminal] .xterm').waitFor();
    mobile = await waitFor('the phone size', async () => {
      const s = size();
      return s && s.cols < 60 ? s : null;
    });
    expect(mobile.cols).toBeLessThan(desk.cols);
    await screenshot(phone.page, 'devices-phone');

    // A key on the desktop: the desktop is the one in use again.
    await desktop.page.locator('section[data-pane-id="1"] .xterm').click();
    await desktop.page.keyboard.type('x');
    await waitFor('the desktop size back', async () => size()?.cols === desk.cols);
    expect(size()).toEqual(desk);
    await screenshot(desktop.page, 'devices-desktop');

    // A key on the phone: its size again.
    await phone.page.locator('[data-mobile-terminal] .xterm').tap();
    await phone.page.keyboard.type('y');
    await waitFor('the phone size again', async () => size()?.cols === mobile.cols);
  });

  it('when the phone leaves, the desktop pane gets its own size back without a key', async () => {
    await phone!.close();
    phone = null;
    await waitFor('the desktop size after the phone left', async () => size()?.cols === desk.cols, 20_000);
    expect(size()).toEqual(desk);
  });
});
