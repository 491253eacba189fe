// Everything that needs a person: the blocked panes with the question each asks (oldest first),
// the answers sent from the inbox or the CLI in this server run (who, what, when), and the
// "already answered" marker that refuses a second answer to the same question while the agent
// has not moved on yet. Fed by the status hub's changes; reads screens through the callbacks it
// is given, so it runs in tests without panes.
import type { DefinitionSet } from '@rozi/detect';
import type { PaneKey } from '../session/model';
import { fencedAnswer, type AnswerRecord, type AnswerRequest, type AnswerResult } from './answerFence';
import { readPaneQuestion, type PaneQuestion } from './paneQuestion';
import type { StatusChange, StatusHub } from './statusHub';
import type { StatusRow } from './types';

/** How many answers the history keeps. */
export const HISTORY_LENGTH = 20;

export interface NeedsInputDeps {
  hub: StatusHub;
  definitions(): DefinitionSet;
  screen(pane: PaneKey): { text: string; title: string } | undefined;
  encode(pane: PaneKey, keys: string[]): string | null;
  write(pane: PaneKey, data: string): boolean;
  now(): number;
  /** A pane became blocked (or asks a new question while blocked). */
  asked(pane: PaneKey, question: PaneQuestion, row: StatusRow): void;
  answeredBy(record: AnswerRecord): void;
}

export interface NeedsInputItem {
  row: StatusRow;
  /** When the pane became blocked (ms since the epoch). */
  since: number;
  question: PaneQuestion;
}

export class NeedsInput {
  private readonly since = new Map<PaneKey, number>();
  private readonly answered = new Map<PaneKey, AnswerRecord>();
  private readonly lastAsked = new Map<PaneKey, string>();
  private readonly past: AnswerRecord[] = [];

  constructor(private readonly d: NeedsInputDeps) {}

  onChange(c: StatusChange): void {
    const key = c.row.pane;
    if (c.removed || c.row.state !== 'blocked') {
      this.since.delete(key);
      this.answered.delete(key);
      this.lastAsked.delete(key);
      return;
    }
    if (c.previous.state !== 'blocked' || c.previous.occupant_id !== c.row.occupant_id) {
      this.since.set(key, this.d.now());
      this.answered.delete(key);
    }
    const q = this.question(key);
    if (q && this.lastAsked.get(key) !== q.question_id) {
      this.lastAsked.set(key, q.question_id);
      this.d.asked(key, q, c.row);
    }
  }

  /** The question a blocked pane asks now; null when the pane is not blocked. */
  question(key: PaneKey): PaneQuestion | null {
    const row = this.d.hub.get(key);
    if (!row || row.state !== 'blocked') return null;
    return this.read(key, row);
  }

  /** Whether any pane is blocked now (cheap: no screen is read). */
  hasBlocked(): boolean {
    return this.d.hub.list().some((row) => row.state === 'blocked');
  }

  /** Every blocked pane, the one waiting longest first. */
  items(): NeedsInputItem[] {
    const out: NeedsInputItem[] = [];
    for (const row of this.d.hub.list()) {
      if (row.state !== 'blocked') continue;
      out.push({
        row,
        since: this.since.get(row.pane) ?? row.updated_at,
        question: this.read(row.pane, row),
      });
    }
    return out.sort((a, b) => a.since - b.since || a.row.pane - b.row.pane);
  }

  /** Answers sent in this server run, newest first. */
  history(): AnswerRecord[] {
    return [...this.past].reverse();
  }

  /** Synchronous: call it once the pane's mirror has parsed everything (Mirror.whenParsed). */
  answer(req: AnswerRequest): AnswerResult {
    const result = fencedAnswer(
      {
        epoch: this.d.hub.epoch,
        row: (p) => this.d.hub.get(p),
        question: (p, row) => this.read(p, row),
        answered: (p, id) => {
          const a = this.answered.get(p);
          return a && a.question_id === id ? a : undefined;
        },
        encode: (p, keys) => this.d.encode(p, keys),
        write: (p, data) => this.d.write(p, data),
        now: () => this.d.now(),
      },
      req,
    );
    if (result.ok) {
      this.answered.set(req.pane, result.record);
      this.past.push(result.record);
      if (this.past.length > HISTORY_LENGTH) this.past.shift();
      this.d.answeredBy(result.record);
    }
    return result;
  }

  private read(key: PaneKey, row: StatusRow): PaneQuestion {
    const screen = this.d.screen(key) ?? { text: '', title: '' };
    return readPaneQuestion({ definitions: this.d.definitions(), row, screen });
  }
}
