// The rozi release whose extension API this edition implements, compared with `min_rozi`.
// Everything the extension spec documents is implemented here, including the newest capability it
// names (agent-responses, 0.0.44), so manifests written for that release or older load. Raise it when a
// later rozi capability is implemented.
export const ROZI_COMPAT_VERSION = '0.0.44';
