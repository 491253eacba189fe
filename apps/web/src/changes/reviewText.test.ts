import { describe, expect, it } from 'vitest';
import { reviewText } from './reviewText';

describe('reviewText', () => {
  it('lists each comment with its file, line and the line itself', () => {
    const text = reviewText({
      scope: 'turn 2',
      comments: [
        {
          id: 'a',
          path: 'src/app.ts',
          line: 3,
          side: 'new',
          quote: ['export const y = 2;'],
          text: 'name it answer',
        },
        {
          id: 'b',
          path: 'old.ts',
          line: 9,
          side: 'old',
          quote: ['gone();'],
          text: 'why remove this?\nit is used',
        },
      ],
    });
    expect(text).toBe(
      [
        'Review of your changes (turn 2). Please address each comment:',
        '1. src/app.ts:3',
        '   > export const y = 2;',
        '   name it answer',
        '2. old.ts:9 (removed line)',
        '   > gone();',
        '   why remove this?',
        '   it is used',
      ].join('\n'),
    );
  });
});
