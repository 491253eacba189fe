// The editor's data as the server defines it (the definitions router), imported as types only.
import type { ScreenState } from '@rozi/detect';
import type { AppRouter } from '@rozi/server/router';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Inputs = inferRouterInputs<AppRouter>['definitions'];
type Outputs = inferRouterOutputs<AppRouter>['definitions'];

export type Draft = Inputs['save']['draft'];
export type Rule = NonNullable<Draft['states']>[number];
export type Group = NonNullable<Rule['screen']>;
export type GroupList = 'all_of' | 'any_of' | 'none_of';
export type Catalogue = Outputs['list'];
export type CatalogueEntry = Catalogue['entries'][number];
export type DraftWarning = Outputs['check']['warnings'][number];
export type Preview = Outputs['preview'];
export type Evaluation = Preview['evaluation'];
export type ExplainedMatch = Evaluation['matches'][number];
export type CommonRule = Outputs['commonRules'][number];
export type FixtureFile = Outputs['fixtures'][number];
/** A state a screen rule declares (@rozi/detect's vocabulary, imported as a type). */
export type DetectState = ScreenState;
/** The choices the editor offers, in the order people pick them; complete by construction. */
const CHOICE_ORDER: Record<DetectState, number> = { blocked: 0, working: 1, idle: 2, unknown: 3 };
export const DETECT_STATES = (Object.keys(CHOICE_ORDER) as DetectState[]).sort(
  (a, b) => CHOICE_ORDER[a] - CHOICE_ORDER[b],
);
export function isDetectState(value: string): value is DetectState {
  return Object.hasOwn(CHOICE_ORDER, value);
}
