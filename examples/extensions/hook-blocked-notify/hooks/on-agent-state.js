// Runs in the hook sandbox (docs/hooks.md): gets one agent-state-changed event as plain data and
// returns effects as plain data. No I/O, no timers; the server applies what is returned.
//
// The tab lists every agent that is blocked right now. The list lives at module scope, which
// survives between calls but not a reload or a sandbox restart: it is rebuilt as events arrive,
// and a stale row is at worst missing, never wrong for long.
const blocked = new Map();

export default function onAgentState(event) {
  const key = `${event.session}:${event.pane}`;
  const was = blocked.has(key);
  if (event.state === 'blocked') {
    blocked.set(key, {
      id: key,
      label: event.agent ?? 'agent',
      detail: `${event.session} pane ${event.pane}`,
      state: 'blocked',
    });
  } else {
    blocked.delete(key);
  }
  const effects = [];
  if (was !== blocked.has(key) || event.state === 'blocked') {
    effects.push({ type: 'publish', rows: [...blocked.values()] });
  }
  if (event.state === 'blocked') {
    effects.push({
      type: 'notify',
      title: `${event.agent ?? 'An agent'} needs input`,
      message: event.message
        ? `${event.session} pane ${event.pane}: ${event.message}`
        : `${event.session} pane ${event.pane} is waiting for you`,
      level: 'warn',
    });
  }
  return effects;
}
