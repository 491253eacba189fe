import { describe, expect, it } from 'vitest';
import { countStates, isAgentState, mostUrgent, rollupText } from './agentState';

describe('rollups', () => {
  it('reads like the spec: working first, then needs input, then done; shells are not counted', () => {
    const counts = countStates(['working', null, 'blocked', 'working', undefined, 'idle']);
    expect(rollupText(counts)).toBe('2 working · 1 needs input');
    expect(rollupText(countStates(['done', 'done', 'working']))).toBe('1 working · 2 done');
  });

  it('says nothing for a group of plain shells or idle agents', () => {
    expect(rollupText(countStates([null, null]))).toBe('');
    expect(rollupText(countStates(['idle', 'unknown']))).toBe('');
  });

  it('picks the state that most wants attention', () => {
    expect(mostUrgent(['idle', 'working', 'blocked', 'done'])).toBe('blocked');
    expect(mostUrgent(['idle', 'done'])).toBe('done');
    expect(mostUrgent([null, undefined])).toBeNull();
  });

  it('recognises only the detection vocabulary', () => {
    expect(isAgentState('working')).toBe(true);
    expect(isAgentState('busy')).toBe(false);
    expect(isAgentState(3)).toBe(false);
  });
});
