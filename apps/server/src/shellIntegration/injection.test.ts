// The start of each shell with the integration. zsh and fish are not installed on the CI machine,
// so this pins their wiring (ZDOTDIR shim, XDG_DATA_DIRS entry, the user's values handed on)
// where the e2e and server tests can only run bash.
import { describe, expect, it } from 'vitest';
import { integratedShell } from './injection';

const dir = '/home/u/.cache/rozi/shell-integration';

describe('integratedShell', () => {
  it('gives bash a generated --rcfile and nothing else', () => {
    expect(integratedShell({ shell: '/bin/bash', env: {}, dir })).toEqual({
      file: '/bin/bash',
      args: ['--rcfile', `${dir}/bashrc`],
      env: {},
    });
  });

  it("gives zsh the shim's ZDOTDIR and hands on the user's own", () => {
    expect(integratedShell({ shell: '/usr/bin/zsh', env: {}, dir })?.env).toEqual({ ZDOTDIR: `${dir}/zsh` });
    expect(integratedShell({ shell: 'zsh', env: { ZDOTDIR: '/home/u/.zsh' }, dir })?.env).toEqual({
      ZDOTDIR: `${dir}/zsh`,
      ROZI_SI_ZDOTDIR: '/home/u/.zsh',
    });
  });

  it("puts fish's vendor conf.d first in XDG_DATA_DIRS, keeping the user's or XDG's default", () => {
    expect(integratedShell({ shell: '/usr/bin/fish', env: {}, dir })?.env).toEqual({
      XDG_DATA_DIRS: `${dir}/fish:/usr/local/share:/usr/share`,
      ROZI_SI_XDG_DATA_DIRS: '',
    });
    expect(integratedShell({ shell: 'fish', env: { XDG_DATA_DIRS: '/opt/share' }, dir })?.env).toEqual({
      XDG_DATA_DIRS: `${dir}/fish:/opt/share`,
      ROZI_SI_XDG_DATA_DIRS: '/opt/share',
    });
  });

  it('leaves any other shell or program as it was', () => {
    for (const shell of ['/bin/sh', 'dash', '/usr/bin/python3', 'bash-5']) {
      expect(integratedShell({ shell, env: {}, dir })).toBeNull();
    }
  });
});
