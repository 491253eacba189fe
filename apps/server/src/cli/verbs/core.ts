// Verbs of one area: server, sessions, panes, capture, send, notify (the foundation). One file per verb beside this list.
import type { Verb } from '../verb';
import { capturePaneVerb } from './core/capturePane';
import { focusVerb } from './core/focus';
import { killPaneVerb } from './core/killPane';
import { killSessionVerb } from './core/killSession';
import { listPanesVerb } from './core/listPanes';
import { listSessionsVerb } from './core/listSessions';
import { metricsVerb } from './core/metrics';
import { newPaneVerb } from './core/newPane';
import { newSessionVerb } from './core/newSession';
import { notifyVerb } from './core/notify';
import { renamePaneVerb } from './core/renamePane';
import { sendKeysVerb } from './core/sendKeys';
import { sendTextVerb } from './core/sendText';
import { serverVerb } from './core/server';
import { splitVerb } from './core/split';
import { moveToWorkspaceVerb } from './core/moveToWorkspace';
import { switchWorkspaceVerb } from './core/switchWorkspace';
import { setLayoutVerb } from './core/setLayout';
import { saveProfileVerb } from './core/saveProfile';
import { attachVerb } from './core/attach';

export const coreVerbs: Verb[] = [
  serverVerb,
  listSessionsVerb,
  newSessionVerb,
  killSessionVerb,
  listPanesVerb,
  capturePaneVerb,
  sendTextVerb,
  sendKeysVerb,
  splitVerb,
  newPaneVerb,
  switchWorkspaceVerb,
  moveToWorkspaceVerb,
  setLayoutVerb,
  saveProfileVerb,
  attachVerb,
  focusVerb,
  killPaneVerb,
  renamePaneVerb,
  notifyVerb,
  metricsVerb,
];
