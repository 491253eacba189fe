import { describe, expect, it } from 'vitest';
import { deliverHeld, holdKeys, keyBytes, type KeyBuffer } from './keyBuffer';

const key = (
  k: string,
  m: Partial<{ ctrlKey: boolean; altKey: boolean; metaKey: boolean; shiftKey: boolean }> = {},
) => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  ...m,
});

describe('key buffer', () => {
  it('turns typed keys into the bytes a terminal would send', () => {
    expect(keyBytes(key('a'))).toBe('a');
    expect(keyBytes(key('Enter'))).toBe('\r');
    expect(keyBytes(key('Backspace'))).toBe('\x7f');
    expect(keyBytes(key('c', { ctrlKey: true }))).toBe('\x03');
    expect(keyBytes(key('ArrowUp'))).toBeNull();
    expect(keyBytes(key('x', { altKey: true }))).toBeNull();
  });

  it('holds keys from the capture phase until released, leaving page shortcuts alone', () => {
    const listeners: ((e: unknown) => void)[] = [];
    const fake = {
      addEventListener: (_: string, fn: (e: unknown) => void) => listeners.push(fn),
      removeEventListener: (_: string, fn: (e: unknown) => void) =>
        listeners.splice(listeners.indexOf(fn), 1),
    } as unknown as Window;
    const held = holdKeys(fake);
    const stopped: string[] = [];
    const press = (k: ReturnType<typeof key>) =>
      listeners.forEach((fn) =>
        fn({
          ...k,
          target: { tagName: 'TEXTAREA', classList: { contains: () => true } },
          preventDefault: () => stopped.push(k.key),
          stopImmediatePropagation: () => undefined,
        }),
      );
    for (const ch of 'ls') press(key(ch));
    press(key('Enter'));
    press(key('P', { ctrlKey: true, shiftKey: true }));
    expect(held.take()).toBe('ls\r');
    press(key('x'));
    expect(listeners).toHaveLength(1);
    expect(held.release()).toBe('x');
    expect(stopped).toEqual(['l', 's', 'Enter', 'x']);
    expect(listeners).toHaveLength(0);
  });

  it('keeps holding while a send is on its way, and sends what came meanwhile next, in order', async () => {
    const queue = ['ab', 'c\r', ''];
    let released = false;
    const held: KeyBuffer = {
      take: () => queue.shift() ?? '',
      release: () => {
        released = true;
        return '';
      },
    };
    const sent: string[] = [];
    await deliverHeld(held, async (text) => {
      expect(released).toBe(false);
      sent.push(text);
    });
    expect(sent).toEqual(['ab', 'c\r']);
    expect(released).toBe(true);
  });
});
