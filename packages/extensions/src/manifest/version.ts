// rozi versions as `min_rozi` writes them ("0.0.25"): dotted numbers with an optional
// pre-release tag. A pre-release sorts before its release, as in semver.

export interface Version {
  parts: [number, number, number];
  pre: string | undefined;
}

const VERSION = /^v?(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?(?:-([0-9A-Za-z.-]{1,40}))?$/;

export function parseVersion(text: string): Version | undefined {
  const m = VERSION.exec(text);
  if (!m) return undefined;
  return { parts: [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)], pre: m[4] };
}

/** Negative when a < b, zero when equal, positive when a > b. */
export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) {
    const d = (a.parts[i] as number) - (b.parts[i] as number);
    if (d !== 0) return d;
  }
  if (a.pre === b.pre) return 0;
  if (a.pre === undefined) return 1;
  if (b.pre === undefined) return -1;
  return a.pre < b.pre ? -1 : 1;
}
