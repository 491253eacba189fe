// `[confirm]`, `[notifications]`, `[sounds]` and `[clipboard]` as the page uses them (configuration.md). Each
// value is the file's when it sets a boolean there, else null: the page then keeps its own default
// (this browser's Settings switch, or asking before a destructive close).
import { SOUND_CUES, soundFileSetting, type SoundCue } from './soundFiles';

const isTable = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

const flag = (t: unknown, key: string): boolean | null =>
  isTable(t) && typeof t[key] === 'boolean' ? (t[key] as boolean) : null;

export const DEFAULT_SOUND_THROTTLE_MS = 2000;

/** `[sounds] throttle_ms`: a number is clamped to 100–60000 as rozi does; anything else is 2000. */
function throttleOf(t: unknown): number {
  const v = isTable(t) ? t.throttle_ms : undefined;
  if (typeof v !== 'number' || !Number.isFinite(v)) return DEFAULT_SOUND_THROTTLE_MS;
  return Math.min(60_000, Math.max(100, Math.round(v)));
}

export interface BehaviourSettings {
  confirm: {
    closePane: boolean | null;
    killWorkspace: boolean | null;
    killSession: boolean | null;
    /** Ask before a profile replaces a session's panes (the Profiles picker's Ctrl+R). */
    loadProfile: boolean | null;
  };
  notifications: {
    enabled: boolean | null;
    paneBlocked: boolean | null;
    paneDone: boolean | null;
    /** The server's notice on a natural exit (session/exitNotices.ts), shown and edited in Settings. */
    paneExit: boolean | null;
    paneExitError: boolean | null;
  };
  sounds: {
    enabled: boolean | null;
    blocked: boolean | null;
    done: boolean | null;
    error: boolean | null;
    /** The cue for a pane's BEL (rozi's default true). */
    bell: boolean | null;
    /** Per-cue repeat suppression in ms, clamped to 100–60000 (rozi's default 2000). */
    throttleMs: number;
    /** `<cue>_file` as written (null: the built-in cue); the page fetches it with config.soundFile. */
    files: Record<SoundCue, string | null>;
  };
  /** `[clipboard] enable_osc52`: whether programs in a pane may set the clipboard. */
  clipboard: { osc52: boolean | null };
}

export function behaviourSettings(root: Record<string, unknown>): BehaviourSettings {
  const c = root.confirm;
  const n = root.notifications;
  const s = root.sounds;
  return {
    confirm: {
      closePane: flag(c, 'close_pane'),
      killWorkspace: flag(c, 'kill_workspace'),
      killSession: flag(c, 'kill_session'),
      loadProfile: flag(c, 'load_profile'),
    },
    notifications: {
      enabled: flag(n, 'enabled'),
      paneBlocked: flag(n, 'pane_blocked'),
      paneDone: flag(n, 'pane_done'),
      paneExit: flag(n, 'pane_exit'),
      paneExitError: flag(n, 'pane_exit_error'),
    },
    sounds: {
      enabled: flag(s, 'enabled'),
      blocked: flag(s, 'blocked'),
      done: flag(s, 'done'),
      error: flag(s, 'error'),
      bell: flag(s, 'bell'),
      throttleMs: throttleOf(s),
      files: Object.fromEntries(SOUND_CUES.map((cue) => [cue, soundFileSetting(root, cue)])) as Record<
        SoundCue,
        string | null
      >,
    },
    clipboard: { osc52: flag(root.clipboard, 'enable_osc52') },
  };
}
