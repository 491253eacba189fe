// The environment of a user's `run =` hook (config.toml), rozi-compatible: ROZI_EVENT names the
// event and every field becomes ROZI_<FIELD> in upper snake case; null becomes the empty
// string, lists are JSON. Pure: the server adds these to the shell's environment and runs the
// command detached, as rozi does.
import type { HookEvent } from './events';

export function shellHookEnv(event: HookEvent): Record<string, string> {
  const env: Record<string, string> = { ROZI_EVENT: event.event };
  for (const [key, value] of Object.entries(event)) {
    if (key === 'event') continue;
    const name = `ROZI_${key.replace(/[^A-Za-z0-9]/g, '_').toUpperCase()}`;
    env[name] =
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  }
  return env;
}
