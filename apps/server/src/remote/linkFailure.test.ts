// One line a person can act on: an unknown name says where to look, and names the config.toml
// entry when the unresolvable name was that entry's `host`.
import { describe, expect, it } from 'vitest';
import { classifyExit } from './linkFailure';

const base = {
  exitCode: 255,
  signal: null,
  stdout: '',
  installHint: 'rozi remote install x',
  stderr: 'ssh: Could not resolve hostname no-such-host.invalid: Name or service not known\n',
};

describe('classifyExit: a name that does not resolve', () => {
  it('typed as is: not an alias anywhere, not a host name', () => {
    const f = classifyExit({ ...base, alias: 'no-such-host.invalid', destination: 'no-such-host.invalid' });
    expect(f).toMatchObject({ kind: 'unresolvable', permanent: true });
    expect(f.message).toBe(
      "cannot resolve host 'no-such-host.invalid': not an alias in [remote.hosts] or ~/.ssh/config, and not a known host name",
    );
  });

  it('the host of a [remote.hosts] entry: names the entry instead of denying it exists', () => {
    const f = classifyExit({
      ...base,
      alias: 'nowhere',
      destination: 'no-such-host.invalid',
      configuredAs: 'nowhere',
    });
    expect(f.kind).toBe('unresolvable');
    expect(f.message).toBe(
      "cannot resolve host 'no-such-host.invalid' (host of [remote.hosts.nowhere] in config.toml): check that name, or this machine's DNS",
    );
    expect(f.message).not.toContain('not an alias');
  });
});
