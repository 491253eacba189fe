// A desktop and a phone on one session (issue 17.3 with rozi's letterboxing, issue 20), in two
// real Chromium pages: the page holding the session's control lease sets the pane's PTY size; the
// other page shows the terminal at that size, letterboxed (centred in a larger pane, scrollable in
// a smaller one). The device in use takes control with one tap or Ctrl+A g, and when the phone
// leaves the desktop gets the lease and its size back, so a phone never leaves the desktop's pane at
// its width. A program in the pane writes its terminal size to a file on every SIGWINCH.
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
  const deskPane = () => desktop.page.locator('section[data-pane-id="1"]');
  const phoneTerm = () => phone!.page.locator('[data-mobile-terminal]');

  it('the follower letterboxes the controller size; the phone takes control with its chip, the desktop with Ctrl+A g', async () => {
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
    // A follower keeps the controller's size: the phone shows 130-odd columns, scrollable.
    await phoneTerm().locator(`[data-letterbox="${desk.cols}x${desk.rows}"]`).waitFor({ timeout: 30_000 });
    expect(size()).toEqual(desk);
    const scroll = await phoneTerm()
      .locator('[data-letterbox]')
      .evaluate((el) => ({ width: el.scrollWidth, visible: el.clientWidth }));
    expect(scroll.width).toBeGreaterThan(scroll.visible);
    await screenshot(phone.page, 'devices-phone-follows');

    // The phone takes control with its VIEW chip: the PTY takes the phone's size at once.
    await phoneTerm().locator('[data-control-chip="view"]').tap();
    mobile = await waitFor('the phone size', async () => {
      const s = size();
      return s && s.cols < 60 ? s : null;
    });
    await phoneTerm().locator('[data-letterbox]').waitFor({ state: 'detached' });
    // The desktop follows now: the phone-sized terminal centred in its larger pane, framed.
    const box = deskPane().locator(`[data-letterbox="${mobile.cols}x${mobile.rows}"]`);
    await box.waitFor({ timeout: 30_000 });
    const margins = await box.evaluate((el) => {
      const outer = el.getBoundingClientRect();
      const inner = el.querySelector('.xterm')!.getBoundingClientRect();
      return { left: inner.left - outer.left, right: outer.right - inner.right };
    });
    expect(margins.left).toBeGreaterThan(100);
    expect(Math.abs(margins.left - margins.right)).toBeLessThan(4);
    await expect
      .poll(() => deskPane().locator('[data-letterbox-note]').innerText())
      .toContain(`${mobile.cols}×`);
    await screenshot(desktop.page, 'devices-desktop-letterbox');

    // Ctrl+A g on the desktop takes control: its size again, the phone letterboxes.
    await deskPane().locator('.xterm').click();
    await desktop.page.keyboard.press('Control+a');
    await desktop.page.keyboard.press('g');
    await waitFor('the desktop size back', async () => size()?.cols === desk.cols);
    expect(size()).toEqual(desk);
    await deskPane().locator('[data-letterbox]').waitFor({ state: 'detached' });
    await phoneTerm().locator(`[data-letterbox="${desk.cols}x${desk.rows}"]`).waitFor();

    // The phone takes it again.
    await phoneTerm().locator('[data-control-chip="view"]').tap();
    await waitFor('the phone size again', async () => size()?.cols === mobile.cols);
  });

  it('when the phone (the controller) leaves, the desktop pane gets the lease and its own size back without a key', async () => {
    await phone!.close();
    phone = null;
    await waitFor('the desktop size after the phone left', async () => size()?.cols === desk.cols, 20_000);
    expect(size()).toEqual(desk);
    await deskPane().locator('[data-letterbox]').waitFor({ state: 'detached' });
  });
});
