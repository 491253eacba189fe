// Verbs of one area: rozi agents … and rozi config check. One file per verb beside this list.
import type { Verb } from '../verb';
import { agentsDefinitionsVerb } from './agents/definitions';
import { agentsDetectVerb } from './agents/detect';
import { agentsTestVerb } from './agents/test';
import { configCheckVerb } from './agents/configCheck';
import { agentsGetVerb } from './agents/get';
import { agentsListVerb } from './agents/list';
import { agentsPromptVerb } from './agents/prompt';
import { agentsReadVerb } from './agents/read';
import { agentsReleaseVerb } from './agents/release';
import { agentsReportVerb } from './agents/report';
import { agentsWaitVerb } from './agents/wait';
import { agentsQuestionVerb } from './agents/question';
import { agentsAnswerVerb } from './agents/answer';
import { agentsNewVerb } from './agents/new';
import { agentsDiffVerb } from './agents/diff';
import { publishVerb } from './status/publish';
import { statusVerb } from './status/status';
import { subscribeVerb } from './status/subscribe';
import { configStatusVerb } from './status/configStatus';

export const agentVerbs: Verb[] = [
  agentsTestVerb,
  agentsDetectVerb,
  agentsDefinitionsVerb,
  configCheckVerb,
  configStatusVerb,
  // Status (apps/server/src/status): read, wait, prompt, reports, published state, events.
  agentsListVerb,
  agentsGetVerb,
  agentsReadVerb,
  agentsWaitVerb,
  agentsPromptVerb,
  agentsQuestionVerb,
  agentsAnswerVerb,
  agentsNewVerb,
  agentsDiffVerb,
  agentsReportVerb,
  agentsReleaseVerb,
  statusVerb,
  publishVerb,
  subscribeVerb,
];
