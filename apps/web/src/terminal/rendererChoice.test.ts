import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from './rendererChoice';

describe('isSoftwareRenderer', () => {
  it('recognises CPU rasterisers by their WebGL renderer string', () => {
    expect(
      isSoftwareRenderer(
        'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      ),
    ).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(
      isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3070 Direct3D11 vs_5_0 ps_5_0, D3D11)'),
    ).toBe(false);
    expect(isSoftwareRenderer('Apple M2')).toBe(false);
  });
});
