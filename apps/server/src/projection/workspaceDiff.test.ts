import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../session/model';
import type { PaneView } from './types';
import { diff, render } from './workspaceDiff';

const session = (name: string): SessionInfo => ({
  name,
  instanceId: `i-${name}`,
  folder: null,
  activeTabId: 1,
  tabs: [
    {
      id: 1,
      workspace: 1,
      layoutKind: 'dwindle',
      name: '1',
      layout: { type: 'pane', paneId: 1 },
      focusedPaneId: 1,
      zoomedPaneId: null,
    },
  ],
});

const pane = (key: number, extra: Partial<PaneView> = {}): PaneView => ({
  key,
  id: key,
  session: 'main',
  tab: 1,
  title: 'bash',
  cwd: '/home',
  command: null,
  argv: null,
  foreground_program: 'bash',
  foreground_arguments: [],
  pid: 100 + key,
  cols: 80,
  rows: 24,
  focused: key === 1,
  exited: false,
  exit_code: null,
  keep_open: false,
  bell: 0,
  agent: null,
  agent_state: null,
  workspace: 1,
  reported_status: null,
  status_reason: null,
  status: null,
  starting: false,
  ...extra,
});

describe('workspace deltas', () => {
  it('says nothing when nothing changed', () => {
    const a = render([session('main')], [pane(1), pane(2)]);
    const b = render([session('main')], [pane(1), pane(2)]);
    expect(diff(a, b)).toBeNull();
  });

  it('carries only the rows that changed, whole', () => {
    const a = render([session('main')], [pane(1), pane(2)]);
    const b = render([session('main')], [pane(1), pane(2, { foreground_program: 'codex' })]);
    expect(diff(a, b)).toEqual({ panes: [pane(2, { foreground_program: 'codex' })] });
  });

  it('carries a new pane, the new order and the sessions when the layout changed', () => {
    const a = render([session('main')], [pane(1)]);
    const renamed = { ...session('main'), name: 'work' };
    const b = render([renamed], [pane(3), pane(1)]);
    expect(diff(a, b)).toEqual({ sessions: [renamed], panes: [pane(3)], order: [3, 1] });
  });

  it('names the panes that went', () => {
    const a = render([session('main')], [pane(1), pane(2)]);
    const b = render([session('main')], [pane(1)]);
    expect(diff(a, b)).toEqual({ removed: [2], order: [1] });
  });
});
