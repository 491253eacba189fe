// Checked by the package's typecheck (tsc -p apps/server), never run: the compiler must refuse a
// CLI call to a path the router lacks and an input its schema refuses. Each refused line below
// carries an expect-error directive; if one compiled, tsc would fail on the unused directive
// (TS2578).
import { ControlChannel } from './controlChannel';
import { callServer, subscribeServer } from './controlClient';

export async function contractTypeTest(env: NodeJS.ProcessEnv, channel: ControlChannel): Promise<void> {
  // Right path, right input: compiles, and the result is the procedure's own type.
  const focused = await callServer(env, 'panes.focus', { target: 3 });
  const id: number = focused.id;
  void id;

  // @ts-expect-error: no procedure is named panes.nosuch
  await callServer(env, 'panes.nosuch', { target: 3 });
  // @ts-expect-error: a target is a pane number or SESSION:ID, never an object
  await callServer(env, 'panes.focus', { target: { id: 3 } });
  // @ts-expect-error: panes.sendKeys needs its keys
  await callServer(env, 'panes.sendKeys', { target: 3 });
  // @ts-expect-error: the result has no field the procedure does not return
  void (await callServer(env, 'panes.focus', { target: 3 })).nosuch;
  // @ts-expect-error: a subscription is not a call
  await callServer(env, 'status.events', {});
  // @ts-expect-error: a call is not a subscription
  await subscribeServer(env, { path: 'panes.focus', input: { target: 3 } }, () => undefined);
  // @ts-expect-error: the same checks on a long-lived channel
  await channel.call('extensions.nosuch', {});
}
