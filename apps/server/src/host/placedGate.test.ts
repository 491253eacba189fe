import { describe, expect, it } from 'vitest';
import { inBinding, placedGate, type PlacedBinding } from './placedGate';

const each: PlacedBinding = { extension: 'ext', session: undefined, credential: 'c1' };
const bound: PlacedBinding = { extension: 'ext', session: 'dev', credential: 'c1' };

describe('placedGate', () => {
  it('refuses what could reach the whole client', () => {
    for (const path of ['extensions.status', 'agents.report', 'agents.release', 'workspace.diagnostics'])
      expect(placedGate({ path, input: {}, binding: each, onScreen: 'dev' })).toMatchObject({
        kind: 'refuse',
        code: 'not-permitted',
      });
    expect(
      placedGate({ path: 'agents.list', input: { all: true }, binding: each, onScreen: 'dev' }).kind,
    ).toBe('refuse');
    expect(
      placedGate({
        path: 'extensions.runAction',
        input: { id: 'other.cmd' },
        binding: each,
        onScreen: 'dev',
      }),
    ).toMatchObject({ code: 'not-permitted' });
    expect(
      placedGate({ path: 'extensions.runAction', input: { id: 'ext.cmd' }, binding: each, onScreen: 'dev' })
        .kind,
    ).toBe('forward');
  });

  it('keeps pane commands to the session on screen on this host (and the bound session)', () => {
    const capture = (binding: PlacedBinding, onScreen: string | null) =>
      placedGate({ path: 'panes.capture', input: { target: 'dev:1' }, binding, onScreen });
    expect(capture(each, 'dev').kind).toBe('run');
    expect(capture(each, null)).toMatchObject({ kind: 'refuse', code: 'out-of-scope' });
    expect(capture(bound, 'dev').kind).toBe('run');
    expect(capture(bound, 'ops')).toMatchObject({ kind: 'refuse', code: 'out-of-scope' });
    expect(placedGate({ path: 'panes.list', input: {}, binding: bound, onScreen: 'ops' })).toEqual({
      kind: 'answer',
      data: [],
    });
    expect(placedGate({ path: 'sessions.list', input: {}, binding: bound, onScreen: null }).kind).toBe('run');
  });

  it('filters subscribe by the binding instead of refusing it off screen', () => {
    for (const onScreen of ['dev', 'ops', null])
      expect(placedGate({ path: 'status.events', input: {}, binding: bound, onScreen }).kind).toBe('filter');
    expect(inBinding(each, 'ops')).toBe(true);
    expect(inBinding(each, null)).toBe(false);
    expect(inBinding(bound, 'dev')).toBe(true);
    expect(inBinding(bound, 'ops')).toBe(false);
  });

  it('forwards requests in its own name and refuses another identity', () => {
    const forward = placedGate({
      path: 'extensions.setCommandVisibility',
      input: { caller: { extension: 'ext', generation: 'c1' } },
      binding: each,
      onScreen: null,
    });
    expect(forward.kind).toBe('forward');
    expect(
      placedGate({
        path: 'extensions.setCommandVisibility',
        input: { caller: { extension: 'other', generation: 'c1' } },
        binding: each,
        onScreen: null,
      }),
    ).toMatchObject({ code: 'not-permitted' });
    expect(
      placedGate({
        path: 'extensions.setCommandVisibility',
        input: { caller: { extension: 'ext', generation: 'old' } },
        binding: each,
        onScreen: null,
      }),
    ).toMatchObject({ code: 'not-permitted' });
  });

  it('answers list-panes --scope attached here, within the placement, only for an attached service', () => {
    const attached = (binding: PlacedBinding, onScreen: string | null) =>
      placedGate({
        path: 'extensions.attachedPanes',
        input: { caller: { extension: 'ext', generation: 'c1' } },
        binding,
        onScreen,
      });
    expect(attached({ ...each, attached: true }, null)).toEqual({ kind: 'attached', only: undefined });
    expect(attached({ ...bound, sessionInstance: 'i-dev', attached: true }, 'ops')).toEqual({
      kind: 'attached',
      only: { name: 'dev', instance: 'i-dev' },
    });
    expect(attached(bound, 'dev')).toMatchObject({ kind: 'refuse', code: 'not-permitted' });
  });
});
