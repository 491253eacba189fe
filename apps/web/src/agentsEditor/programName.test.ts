import { describe, expect, it } from 'vitest';
import { guessFromProgram, slugId } from './programName';

describe('guessFromProgram', () => {
  it('names a plain executable by its basename', () => {
    expect(guessFromProgram('/usr/local/bin/MyTool.exe', ['MyTool'])).toEqual({
      id: 'mytool',
      label: 'MyTool',
      names: ['mytool'],
      paths: [],
    });
  });
  it('looks through a runtime to the script it runs', () => {
    expect(guessFromProgram('node', ['node', '--no-warnings', '/tmp/x/fake-tui.mjs', '--fast'])).toEqual({
      id: 'fake-tui',
      label: 'fake-tui',
      names: [],
      paths: ['fake-tui'],
    });
    expect(guessFromProgram('node', ['/home/u/fake-tui.mjs'])).toMatchObject({
      id: 'fake-tui',
      paths: ['fake-tui'],
    });
    expect(guessFromProgram('python3', ['python3'])).toEqual({
      id: 'python3',
      label: 'python3',
      names: ['python3'],
      paths: [],
    });
  });
  it('returns null without a program', () => {
    expect(guessFromProgram(null, null)).toBeNull();
  });
  it('slugs to the id alphabet', () => {
    expect(slugId('My Cool Agent!.py')).toBe('my-cool-agent');
  });
});
