// Verbs of one area: rozi worktrees … (agent worktrees, issue 22). `agents new --worktree` and
// `agents diff` live with the agents verbs.
import type { Verb } from '../verb';
import { worktreesFinishVerbs } from './worktrees/finish';
import { worktreesListVerb } from './worktrees/list';
import { worktreesRemoveVerb } from './worktrees/remove';

export const worktreeVerbs: Verb[] = [worktreesListVerb, worktreesRemoveVerb, ...worktreesFinishVerbs];
