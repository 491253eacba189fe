import { describe, expect, it } from 'vitest';
import type { StatusRow } from '../status/types';
import { paneStatusView } from './paneStatusView';

const row = (extra: Partial<StatusRow>): StatusRow => ({
  pane: 1,
  agent: 'codex',
  label: 'Codex',
  state: 'working',
  source: 'screen',
  message: null,
  status_epoch: 'e',
  occupant_id: 'o',
  revision: 3,
  completed_revision: null,
  updated_at: 1000,
  promptable: false,
  ...extra,
});

const shell = { agent: null, agent_state: null };

describe('a pane’s one effective status', () => {
  it('is the status service’s row when it has a state', () => {
    expect(paneStatusView(row({ state: 'blocked', message: 'approve?' }), shell)).toEqual({
      state: 'blocked',
      agent: 'codex',
      label: 'Codex',
      message: 'approve?',
      since: 1000,
    });
  });

  it('keeps detection’s agent name under an anonymous `rozi status` row', () => {
    const view = paneStatusView(row({ agent: 'status', label: null }), {
      agent: 'claude',
      agent_state: 'idle',
    });
    expect(view).toMatchObject({ state: 'working', label: 'claude' });
    expect(paneStatusView(row({ agent: 'status', label: null }), shell)?.label).toBeNull();
  });

  it('falls back to detection’s reading, and is null for a plain shell', () => {
    expect(paneStatusView(undefined, { agent: 'codex', agent_state: 'idle' })).toEqual({
      state: 'idle',
      agent: 'codex',
      label: 'codex',
      message: null,
      since: null,
    });
    expect(paneStatusView(row({ state: null }), shell)).toBeNull();
    expect(paneStatusView(undefined, shell)).toBeNull();
  });
});
