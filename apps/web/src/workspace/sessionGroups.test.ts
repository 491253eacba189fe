import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '@rozi/server/model';
import { groupByHost, shortSessionName } from './sessionGroups';

const session = (name: string, o: Partial<SessionInfo> = {}): SessionInfo =>
  ({ name, instanceId: name, folder: null, tabs: [], activeTabId: 1, ...o }) as SessionInfo;

describe('sidebar grouping', () => {
  it('puts this machine first, then hosts by alias, each with its link state', () => {
    const groups = groupByHost([
      session('b@zeta', { host: 'zeta', hostState: 'offline', hostReason: 'sshd stopped' }),
      session('main'),
      session('a@alpha', { host: 'alpha', hostState: 'connected', folder: '/srv' }),
      session('c@alpha', { host: 'alpha', hostState: 'connected' }),
    ]);
    expect(groups.map((g) => [g.host, g.state, g.reason])).toEqual([
      [null, null, null],
      ['alpha', 'connected', null],
      ['zeta', 'offline', 'sshd stopped'],
    ]);
    expect(groups[1]!.folders.map((f) => [f.folder, f.sessions.map((s) => s.name)])).toEqual([
      [null, ['c@alpha']],
      ['/srv', ['a@alpha']],
    ]);
  });

  it('shows a remote session by its own name under its host, a local one as it is', () => {
    expect(shortSessionName(session('dev@box', { host: 'box' }))).toBe('dev');
    expect(shortSessionName(session('mail@home'))).toBe('mail@home');
  });
});
