// A short synthesized chime (no audio files to ship): two notes up for "needs input", one for done,
// one short high note for a pane's bell.
let context: AudioContext | null = null;

/** The page's one AudioContext (also plays the person's own sound files, status/soundFiles.ts). */
export function audioContext(): AudioContext {
  context ??= new AudioContext();
  return context;
}

export function playChime(kind: 'attention' | 'done' | 'bell'): void {
  try {
    audioContext();
    const notes = kind === 'attention' ? [660, 880] : kind === 'bell' ? [1046] : [784];
    notes.forEach((frequency, i) => {
      const start = context!.currentTime + i * 0.12;
      const osc = context!.createOscillator();
      const gain = context!.createGain();
      osc.frequency.value = frequency;
      osc.type = 'sine';
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.25);
      osc.connect(gain).connect(context!.destination);
      osc.start(start);
      osc.stop(start + 0.3);
    });
  } catch {
    // Audio blocked until the user interacts with the page: a silent miss is acceptable.
  }
}
