// A live pane's screen and title as the editor previews them: the server's own capture-pane
// (parsed up to everything the PTY sent), visible lines only, trailing blanks stripped the way
// fixture screens are written.
import { capturePane } from '../session/capture';
import type { Pane } from '../session/pane';
import { normaliseScreen } from './fixtureLibrary';

export interface PaneScreen {
  key: number;
  session: string;
  paneId: number;
  screen: string;
  title: string;
  cols: number;
  rows: number;
  exited: boolean;
}

export async function paneScreen(pane: Pane): Promise<PaneScreen> {
  const c = await capturePane(pane, { scrollback: 0 });
  return {
    key: pane.key,
    session: pane.session.name,
    paneId: pane.id,
    screen: normaliseScreen(c.lines.join('\n')),
    title: c.title,
    cols: c.size.cols,
    rows: c.size.rows,
    exited: pane.exited,
  };
}
