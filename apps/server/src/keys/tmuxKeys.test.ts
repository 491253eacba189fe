import { describe, expect, it } from 'vitest';
import { encodeKeys } from './tmuxKeys';

const enc = (keys: string[], applicationCursor = false) => encodeKeys(keys, { applicationCursor });

describe('tmux key names', () => {
  it('encodes named keys, control and meta', () => {
    expect(enc(['ls', 'Enter'])).toEqual({ data: 'ls\r' });
    expect(enc(['Tab', 'Escape', 'Space', 'BSpace'])).toEqual({ data: '\t\x1b \x7f' });
    expect(enc(['C-c', 'C-a', 'C-Space', 'C-['])).toEqual({ data: '\x03\x01\x00\x1b' });
    expect(enc(['M-x', 'M-Enter', 'C-M-a'])).toEqual({ data: '\x1bx\x1b\r\x1b\x01' });
    expect(enc(['PageDown', 'PPage', 'Home', 'DC'])).toEqual({ data: '\x1b[6~\x1b[5~\x1b[H\x1b[3~' });
    expect(enc(['F1', 'F5', 'F12'])).toEqual({ data: '\x1bOP\x1b[15~\x1b[24~' });
  });

  it('follows the application cursor mode and modifiers on cursor keys', () => {
    expect(enc(['Up', 'Left'])).toEqual({ data: '\x1b[A\x1b[D' });
    expect(enc(['Up'], true)).toEqual({ data: '\x1bOA' });
    expect(enc(['C-Right', 'S-Up'])).toEqual({ data: '\x1b[1;5C\x1b[1;2A' });
  });

  it('sends -l words literally and reports every unknown modified key', () => {
    expect(encodeKeys(['Enter', 'C-c'], { applicationCursor: false, literal: true })).toEqual({
      data: 'EnterC-c',
    });
    const r = enc(['C-Bogus', 'ok', 'M-Nope']);
    expect('errors' in r && r.errors).toHaveLength(2);
  });
});
