// Which xterm.js renderer to use. WebGL is the fast path on a real GPU; on a software
// rasteriser (SwiftShader, llvmpipe: VMs, remote desktops, headless Chromium) every frame is
// drawn on the CPU, and there the DOM renderer painted `seq` output about three times faster in
// this project's benchmark (bench/web-terminal.mjs). `?renderer=webgl|dom` overrides the choice.

export type RendererChoice = 'webgl' | 'dom';

const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|basic render driver/i;

let detected: RendererChoice | null = null;

export function isSoftwareRenderer(rendererName: string): boolean {
  return SOFTWARE_RENDERERS.test(rendererName);
}

export function chooseRenderer(): RendererChoice {
  const forced = new URLSearchParams(location.search).get('renderer');
  if (forced === 'webgl' || forced === 'dom') return forced;
  if (detected) return detected;
  detected = 'webgl';
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) {
      detected = 'dom';
    } else {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const name = String(
        info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER),
      );
      if (isSoftwareRenderer(name)) detected = 'dom';
      gl.getExtension('WEBGL_lose_context')?.loseContext(); // give the probe context back at once
    }
  } catch {
    detected = 'dom';
  }
  return detected;
}
