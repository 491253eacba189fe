import { describe, expect, it } from 'vitest';
import { installScript, unamePlatform } from './hostInstall';

describe('host install', () => {
  it("maps uname to node's platform-arch, unknown ones to null", () => {
    expect(unamePlatform('Linux x86_64\n')).toBe('linux-x64');
    expect(unamePlatform('Linux aarch64')).toBe('linux-arm64');
    expect(unamePlatform('Darwin arm64')).toBe('darwin-arm64');
    expect(unamePlatform('Linux riscv64')).toBeNull();
    expect(unamePlatform('FreeBSD amd64')).toBeNull();
  });

  it('checks the digest before unpacking and renames into place only after', () => {
    const s = installScript({ digest: 'd'.repeat(64), tarSha256: 'f'.repeat(64) });
    const check = s.indexOf(`[ "$sum" != "${'f'.repeat(64)}" ]`);
    const unpack = s.indexOf('tar -xzf');
    const rename = s.indexOf('mv "$p" "$d"');
    expect(check).toBeGreaterThan(0);
    expect(unpack).toBeGreaterThan(check);
    expect(rename).toBeGreaterThan(unpack);
    expect(s).toContain(`# rozi-host-launcher ${'d'.repeat(64)}`);
  });
});
