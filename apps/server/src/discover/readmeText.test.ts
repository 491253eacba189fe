import { describe, expect, it } from 'vitest';
import { sanitizeReadme } from './readmeText';

describe('sanitizeReadme', () => {
  it('removes raw HTML, scripts, comments and bidi controls from prose', () => {
    const text =
      'Hi <b>there</b><!-- hidden -->\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\u202eevil';
    expect(sanitizeReadme(text)).toBe('Hi there\n\nevil');
  });

  it('keeps angle brackets inside inline code and code blocks, which the page shows as text', () => {
    const text = 'Press `<prefix> x` then <i>h</i>.\n\n    rozi pick <file\n\n```sh\necho <b>\n```\n';
    expect(sanitizeReadme(text)).toBe(
      'Press `<prefix> x` then h.\n\n    rozi pick <file\n\n```sh\necho <b>\n```\n',
    );
  });

  it('caps the length', () => {
    expect(sanitizeReadme('a'.repeat(200_000)).length).toBe(64 * 1024);
  });
});
