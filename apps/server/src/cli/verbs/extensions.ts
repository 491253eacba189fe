// Verbs of one area: rozi extensions …, invoke, actions, pick, prompt, sidebar. One file per verb beside this list.
import type { Verb } from '../verb';
import { extensionsCheckVerb } from './extensions/check';
import { extensionsNewVerb } from './extensions/new';
import { extensionsInstallVerb } from './extensions/install';
import { extensionsRemoveVerb } from './extensions/remove';
import { extensionsEnableVerb } from './extensions/enable';
import { extensionsDisableVerb } from './extensions/disable';
import { extensionsUpdateVerb } from './extensions/update';
import { extensionsListVerb } from './extensions/list';
import { extensionsStatusVerb } from './extensions/status';
import { extensionsLogsVerb } from './extensions/logs';
import { extensionsDeployVerb } from './extensions/deploy';
import { extensionsUndeployVerb } from './extensions/undeploy';
import { runActionVerb } from './extensions/runAction';
import { invokeVerb } from './extensions/invoke';
import { actionsListVerb } from './extensions/actionsList';
import { invocationCancelVerb } from './extensions/invocationCancel';
import { showCommandVerb } from './extensions/showCommand';
import { hideCommandVerb } from './extensions/hideCommand';
import { pickVerb } from './extensions/pick';
import { promptVerb } from './extensions/prompt';
import { sidebarPublishVerb } from './extensions/sidebarPublish';
import { extensionsIndexBuildVerb } from './extensions/indexBuild';
import { checkExtensionVerb, listExtensionsVerb, newExtensionVerb } from './extensions/roziNames';

export const extensionVerbs: Verb[] = [
  extensionsCheckVerb,
  extensionsNewVerb,
  extensionsInstallVerb,
  extensionsRemoveVerb,
  extensionsEnableVerb,
  extensionsDisableVerb,
  extensionsUpdateVerb,
  extensionsListVerb,
  extensionsStatusVerb,
  extensionsLogsVerb,
  extensionsDeployVerb,
  extensionsUndeployVerb,
  runActionVerb,
  invokeVerb,
  actionsListVerb,
  invocationCancelVerb,
  showCommandVerb,
  hideCommandVerb,
  pickVerb,
  promptVerb,
  sidebarPublishVerb,
  extensionsIndexBuildVerb,
  listExtensionsVerb,
  checkExtensionVerb,
  newExtensionVerb,
];
