import { describe, expect, it } from 'vitest';
import { PANE_SIZE, parseClientMessage, validPaneSize } from './clientMessage';
import { FLOW_MAX_WINDOW, FLOW_MIN_WINDOW } from './protocol';

describe('pane sizes at the edge', () => {
  it('takes the bounds of PANE_SIZE and nothing past them', () => {
    expect(validPaneSize(PANE_SIZE.minCols, PANE_SIZE.minRows)).toBe(true);
    expect(validPaneSize(PANE_SIZE.maxCols, PANE_SIZE.maxRows)).toBe(true);
    expect(validPaneSize(PANE_SIZE.minCols - 1, 24)).toBe(false);
    expect(validPaneSize(80, PANE_SIZE.maxRows + 1)).toBe(false);
    expect(validPaneSize(80.5, 24)).toBe(false);
    expect(validPaneSize('80', 24)).toBe(false);
    expect(validPaneSize(80, null)).toBe(false);
  });

  it('refuses a resize past the bounds and ignores a bad size on attach', () => {
    const resize = parseClientMessage(JSON.stringify({ t: 'resize', key: 1, cols: 1e9, rows: 24 }));
    expect(resize.ok).toBe(false);
    const attach = parseClientMessage(JSON.stringify({ t: 'attach', key: 1, cols: 1e9, rows: 24 }));
    expect(attach).toEqual({ ok: true, message: { t: 'attach', key: 1, cols: 0, rows: 0 } });
  });
});

describe('control messages', () => {
  it('a remove names the client; without one it is one line', () => {
    expect(parseClientMessage(JSON.stringify({ t: 'control', op: 'remove', client: 3 }))).toEqual({
      ok: true,
      message: { t: 'control', op: 'remove', client: 3 },
    });
    expect(parseClientMessage(JSON.stringify({ t: 'control', op: 'remove' }))).toEqual({
      ok: false,
      error: "bad 'control' message: 'remove' needs client",
    });
  });
});

describe('flow windows', () => {
  const parse = (m: unknown) => parseClientMessage(JSON.stringify(m));
  it('takes a window on attach and in flow, clamped into [FLOW_MIN_WINDOW, FLOW_MAX_WINDOW]', () => {
    expect(parse({ t: 'attach', key: 1, cols: 80, rows: 24, window: 102400 })).toEqual({
      ok: true,
      message: { t: 'attach', key: 1, cols: 80, rows: 24, window: 102400 },
    });
    expect(parse({ t: 'flow', key: 1, window: 1e12 })).toEqual({
      ok: true,
      message: { t: 'flow', key: 1, window: FLOW_MAX_WINDOW },
    });
    expect(parse({ t: 'flow', key: 1, window: 3.5 })).toEqual({
      ok: true,
      message: { t: 'flow', key: 1, window: FLOW_MIN_WINDOW },
    });
  });

  it('refuses a flow without a positive number in one line; a bad window on attach is the default', () => {
    for (const window of [0, -1, 'big', null]) {
      const r = parse({ t: 'flow', key: 1, window });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/^bad 'flow' message: window /);
    }
    expect(parse({ t: 'attach', key: 1, cols: 80, rows: 24, window: 'big' })).toEqual({
      ok: true,
      message: { t: 'attach', key: 1, cols: 80, rows: 24 },
    });
  });
});

describe('acks and input (checked by hand, not by the schema)', () => {
  it('take what the schema takes, drop unknown fields, and refuse the rest with the same line', () => {
    expect(parseClientMessage('{"t":"ack","key":3,"bytes":65536,"extra":1}')).toEqual({
      ok: true,
      message: { t: 'ack', key: 3, bytes: 65536 },
    });
    expect(parseClientMessage('{"t":"input","key":0,"data":"ls\\r","x":[1]}')).toEqual({
      ok: true,
      message: { t: 'input', key: 0, data: 'ls\r' },
    });
    expect(parseClientMessage('{"t":"ack","key":4294967295,"bytes":0}').ok).toBe(true);
    for (const bad of [
      '{"t":"ack","key":-1,"bytes":5}',
      '{"t":"ack","key":1.5,"bytes":5}',
      '{"t":"ack","key":4294967296,"bytes":5}',
      '{"t":"ack","key":"1","bytes":5}',
      '{"t":"ack","key":1,"bytes":-5}',
      '{"t":"ack","key":1,"bytes":"5"}',
      '{"t":"ack","key":1,"bytes":1e999}',
      '{"t":"ack","key":1}',
      '{"t":"input","key":1,"data":5}',
      '{"t":"input","key":1}',
      '{"t":"input","key":null,"data":"x"}',
    ]) {
      const r = parseClientMessage(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error, bad).toMatch(/^bad '(ack|input)' message: (key|bytes|data) /);
    }
  });
});
