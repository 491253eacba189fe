// Settings' entry forms write only what the person set: defaults left out unless the entry
// already wrote them, unknown keys kept, a bad number or env line named in one line.
import { describe, expect, it } from 'vitest';
import { entryOf, formOf, placementOf, summaryOf } from './entryModel';

describe('config.toml entry forms', () => {
  it('round-trips each table and leaves defaults out', () => {
    const cmd = { id: 'build', run: 'make', keep_open: false, label: 'Build' };
    expect(entryOf('commands', formOf('commands', cmd), cmd)).toEqual(cmd);
    expect(entryOf('commands', { ...formOf('commands'), id: 'x', kind: 'exec', text: 'true' })).toEqual({
      id: 'x',
      exec: 'true',
    });
    const svc = { name: 'w', run: 'sleep 1', env: { A: '1=2', B: '' }, extra: 'kept' };
    expect(entryOf('services', formOf('services', svc), svc)).toEqual(svc);
    expect(entryOf('services', { ...formOf('services'), name: 'w', run: 'x' })).toEqual({
      name: 'w',
      run: 'x',
    });
    const rule = {
      match_regex: '^htop',
      float: true,
      width: 0.5,
      position: 'top',
      workspace: 3,
      focus: false,
    };
    expect(entryOf('rules', formOf('rules', rule), rule)).toEqual(rule);
    expect(entryOf('rules', { ...formOf('rules'), pattern: 'btop' })).toEqual({ match: 'btop' });
    const hook = {
      event: 'agent-state-changed',
      script: 'hooks/ping.mjs',
      filter: { state: ['blocked', 'done'], pane: 3 },
      timeout_ms: 50,
    };
    expect(entryOf('hooks', formOf('hooks', hook), hook)).toEqual(hook);
    expect(
      entryOf('hooks', { ...formOf('hooks'), event: 'bell', text: 'echo ding', state: 'blocked' }),
    ).toEqual({ event: 'bell', run: 'echo ding', filter: { state: 'blocked' } });
    expect(summaryOf('hooks', hook)).toEqual({
      name: 'agent-state-changed',
      detail: 'script hooks/ping.mjs · state blocked, done',
    });
  });

  it('says where a rule sends its pane', () => {
    const base = { float: false, width: 0.6, height: 0.6, position: 'center', workspace: null, focus: true };
    expect(placementOf({ ...base, fullscreen: false })).toBe('tiled, in the current workspace');
    expect(
      placementOf({
        ...base,
        float: true,
        width: 0.7,
        height: 0.5,
        position: 'cursor',
        workspace: 9,
        focus: false,
        fullscreen: true,
      }),
    ).toBe('floating 70% × 50% at cursor, in workspace 9, fullscreen, without taking the focus');
  });

  it('names a bad field in one line', () => {
    expect(entryOf('services', { ...formOf('services'), env: 'NOEQUALS' })).toBe(
      "env: 'NOEQUALS' is not KEY=value",
    );
    expect(entryOf('rules', { ...formOf('rules'), float: true, width: 'wide' })).toBe(
      'width must be a number',
    );
    expect(entryOf('commands', { ...formOf('commands'), kind: 'launch' })).toBe(
      'kind must be one of run, send, popup, exec',
    );
  });

  it('summarises a row', () => {
    expect(summaryOf('commands', { id: 'a', send: 'ls\n' })).toEqual({ name: 'a', detail: 'send ls\\n' });
    expect(summaryOf('rules', { match: 'htop', float: true, workspace: 2 })).toEqual({
      name: 'htop',
      detail: 'floating at center, workspace 2',
    });
  });
});
