import { describe, expect, it } from 'vitest';
import { directoryInput, expandHome, launchInput } from './inputs';

describe('directory inputs', () => {
  it('expands ~ and ~/ the way a shell does, and nothing else', () => {
    expect(expandHome('~', '/home/ada')).toBe('/home/ada');
    expect(expandHome('~/src/app', '/home/ada')).toBe('/home/ada/src/app');
    expect(expandHome('~bob/x', '/home/ada')).toBe('~bob/x');
    expect(expandHome('/srv/~/x', '/home/ada')).toBe('/srv/~/x');
  });

  it('applies to launch cwd and directory fields', () => {
    const home = expandHome('~');
    expect(launchInput.parse({ cwd: '~/proj' }).cwd).toBe(`${home}/proj`);
    expect(directoryInput.parse('~')).toBe(home);
    expect(launchInput.parse({ cwd: null }).cwd).toBeNull();
  });
});
