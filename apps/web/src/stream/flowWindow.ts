// The flow-control window this page asks for a pane (stream/protocol.ts on the server): the full
// one for the focused pane, a small one for the others. `?flow=uniform` gives every pane the full
// window, as before windows were per pane: the A/B of bench/web-terminal.mjs (peer rozi-uniform).
import { FLOW_BACKGROUND_WINDOW, FLOW_FOCUSED_WINDOW } from './wireFormat';

const uniform =
  typeof location !== 'undefined' && new URLSearchParams(location.search).get('flow') === 'uniform';

export function flowWindow(focused: boolean): number {
  return focused || uniform ? FLOW_FOCUSED_WINDOW : FLOW_BACKGROUND_WINDOW;
}
