// Every number that bounds a sandboxed hook, in one place so docs/hooks.md and the sandbox
// agree. Pure and import-free: the worker process loads it, and should load nothing else. The
// manifest's defaults and ranges (timeout_ms 1–1000, default 50; memory_mb 8–128, default 32)
// belong to the manifest model (src/manifest/model.ts, sections/hooks.ts) and are not repeated.

/** Largest serialized (JSON, UTF-8) return value accepted from one call. */
export const MAX_HOOK_RESULT_BYTES = 64 * 1024;
/** Largest hook module source accepted. */
export const MAX_HOOK_SOURCE_BYTES = 256 * 1024;
/** Time the module body may run while the isolate loads it (top-level code). */
export const HOOK_LOAD_TIMEOUT_MS = 250;
/** Effects accepted from one call; the rest are rejected with a reason. */
export const MAX_EFFECTS_PER_CALL = 32;

/**
 * The parent waits this long beyond a call's own timeout before it declares the worker hung,
 * kills it and restarts it. isolated-vm needs a few hundred ms to tear down an isolate that hit
 * its memory limit (measured 80–550 ms here), so the margin is generous.
 */
export const WORKER_DEADLINE_GRACE_MS = 2_000;
/**
 * The worker answers "timeout" once a call used this much CPU beyond its deadline and is still
 * running: isolated-vm's own timeout could not stop it (one uninterruptible operation, e.g. a
 * BigInt power). isolated-vm's timer itself was seen up to 170 ms late on a loaded 2-core machine.
 */
export const UNINTERRUPTIBLE_MARGIN_MS = 100;
/** A call that waited this long in the queue (worker restarting) fails instead of piling up. */
export const MAX_QUEUE_WAIT_MS = 5_000;
/** Calls waiting for the worker beyond this are refused at once (back-pressure). */
export const MAX_QUEUED_CALLS = 1_000;

/** Restart backoff of the worker process: first delay, doubling up to the cap. */
export const RESTART_BACKOFF_START_MS = 100;
export const RESTART_BACKOFF_MAX_MS = 10_000;
/** A worker that stayed up this long resets the backoff to its first step. */
export const RESTART_BACKOFF_RESET_MS = 60_000;

/** A hook is disabled after this many failures (errors, timeouts, crashes) within the window. */
export const DISABLE_AFTER_FAILURES = 5;
export const FAILURE_WINDOW_MS = 60_000;
/** Durations kept per hook for p50/p99. */
export const DURATION_SAMPLES = 512;

/** `agents prompt` caps prompt text at 16,384 UTF-8 bytes; send-text follows the same rule. */
export const MAX_SEND_TEXT_BYTES = 16_384;
