// Where one pane's output stands in its stream, so a reconnect resumes with no byte lost and
// none doubled. The server replays from `since`; a frame may still overlap what was already
// written (a replay racing a late chunk), so overlap is trimmed here by offset, not trusted away.

export interface CursorStep {
  /** Reset the terminal before writing (a kind 2 snapshot). */
  reset: boolean;
  /** Bytes to write; empty when the whole frame was already written. */
  bytes: Uint8Array;
}

export class OutputCursor {
  /** Offset just after the last byte handed to the terminal; null before the first frame. */
  private next: number | null = null;

  get since(): number | undefined {
    return this.next ?? undefined;
  }

  output(offset: number, payload: Uint8Array): CursorStep {
    if (this.next === null) {
      this.next = offset + payload.byteLength;
      return { reset: false, bytes: payload };
    }
    const end = offset + payload.byteLength;
    if (end <= this.next) return { reset: false, bytes: payload.subarray(payload.byteLength) };
    // A gap (offset > next) means the server skipped bytes; it sends a reset in that case, so
    // write what came rather than freeze the pane.
    const skip = Math.max(0, this.next - offset);
    this.next = end;
    return { reset: false, bytes: payload.subarray(skip) };
  }

  /** A snapshot stands for everything before `offset`; the next output chunk starts there. */
  reset(offset: number, payload: Uint8Array): CursorStep {
    this.next = offset;
    return { reset: true, bytes: payload };
  }
}
