// The editor's data as the server defines it (the definitions router), imported as types only.
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
export type DetectState = 'blocked' | 'working' | 'idle' | 'unknown';
export const DETECT_STATES: readonly DetectState[] = ['blocked', 'working', 'idle', 'unknown'];
