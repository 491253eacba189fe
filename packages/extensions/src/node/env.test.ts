import { describe, expect, it } from 'vitest';
import { buildExtensionEnv, type ExtensionEnvInput } from './env';

const extension = {
  id: 'tasks',
  dir: '/x/tasks',
  stateDir: '/s/tasks',
  configJson: '{"rows":20}',
  generation: 'g1',
};
const base = {
  PATH: '/bin',
  HOME: '/h',
  ROZI_TERMINAL: '1',
  ROZI_PANE: '3',
  ROZI_EXTENSION: 'other',
  ROZI_SOCKET: '/old.sock',
  ROZI_CONFIG_DIR: '/cfg',
};

function rozi(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([k]) => k.startsWith('ROZI_'))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

function build(over: Partial<ExtensionEnvInput>): NodeJS.ProcessEnv {
  return buildExtensionEnv({
    base,
    extension,
    kind: 'service',
    roziBin: '/bin/rozi',
    socket: '/run/rozi.sock',
    ...over,
  });
}

describe('buildExtensionEnv', () => {
  it('a client service gets exactly the table: no session, no source, nothing inherited', () => {
    const env = build({});
    expect(rozi(env)).toEqual({
      ROZI_BIN: '/bin/rozi',
      ROZI_CONFIG_DIR: '/cfg',
      ROZI_EXTENSION: 'tasks',
      ROZI_EXTENSION_CONFIG: '{"rows":20}',
      ROZI_EXTENSION_DIR: '/x/tasks',
      ROZI_EXTENSION_GENERATION: 'g1',
      ROZI_EXTENSION_STATE_DIR: '/s/tasks',
      ROZI_SOCKET: '/run/rozi.sock',
    });
    // rozi's marker that a process runs under rozi (editor plugins key on it).
    expect(env.ROZI).toBe('1');
    expect(env.PATH).toBe('/bin');
  });

  it('a service env cannot override ROZI_EXTENSION* or set ROZI_TERMINAL', () => {
    const env = build({
      serviceEnv: { POLL: '30', ROZI_EXTENSION_DIR: '/evil', ROZI_TERMINAL: '1', ROZI_EXTENSIONX: 'y' },
    });
    expect(env.POLL).toBe('30');
    expect(env.ROZI_EXTENSION_DIR).toBe('/x/tasks');
    expect(env.ROZI_TERMINAL).toBeUndefined();
    expect(env.ROZI_EXTENSIONX).toBeUndefined();
  });

  it('client commands get the source pane, its session instance and the session on screen', () => {
    const env = build({ kind: 'command', source: { pane: '4', session: 'inst-9' }, sessionName: 'work' });
    expect(env).toMatchObject({
      ROZI_SOURCE_PANE: '4',
      ROZI_SOURCE_SESSION: 'inst-9',
      ROZI_SESSION_NAME: 'work',
    });
    expect(build({ kind: 'command', sessionName: '' }).ROZI_SESSION_NAME).toBe('');
  });

  it('link handlers get the link context; tabs the clicked row; actions their invocation', () => {
    const link = build({
      kind: 'link-handler',
      source: { pane: '1', session: 's' },
      link: { url: 'https://x', hint: 'A' },
    });
    expect(link).toMatchObject({ ROZI_URL: 'https://x', ROZI_HINT: 'A', ROZI_SOURCE_PANE: '1' });
    expect(build({ kind: 'tab', row: { line: 'main', id: 'b1' } })).toMatchObject({
      ROZI_ROW: 'main',
      ROZI_ROW_ID: 'b1',
    });
    const act = build({
      kind: 'action',
      action: { id: 'run-tests', invocationId: 'inv-1' },
      placed: { credential: 'c', sessionInstance: 'i1' },
      sessionName: 'work',
    });
    expect(act).toMatchObject({
      ROZI_ACTION: 'run-tests',
      ROZI_INVOCATION_ID: 'inv-1',
      ROZI_EXTENSION_CREDENTIAL: 'c',
      ROZI_SESSION_INSTANCE: 'i1',
      ROZI_SESSION_NAME: 'work',
    });
    expect(build({ kind: 'service', source: { pane: '1', session: 's' } }).ROZI_SOURCE_PANE).toBeUndefined();
  });

  it('a placed service always gets the runtime endpoint, a client one may point elsewhere', () => {
    expect(build({ serviceEnv: { ROZI_SOCKET: '/mine' } }).ROZI_SOCKET).toBe('/mine');
    expect(
      build({ serviceEnv: { ROZI_SOCKET: '/mine' }, placed: { credential: 'c', service: 'tasks.watch' } }),
    ).toMatchObject({ ROZI_SOCKET: '/run/rozi.sock', ROZI_SERVICE: 'tasks.watch' });
  });
});
