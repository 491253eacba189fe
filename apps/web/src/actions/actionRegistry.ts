// The one list of UI actions. The palette lists it, the keymap binds into it, menus call it.
import type { ActionDef } from './actionTypes';
import { floatActions } from './floatActions';
import { layoutActions } from './layoutActions';
import { modeActions } from './modeActions';
import { paneActions } from './paneActions';
import { profileActions } from './profileActions';
import { collaborationActions } from './collaborationActions';
import { resizeActions } from './resizeActions';
import { sessionActions } from './sessionActions';
import { tabActions } from './tabActions';
import { shellActions } from './shellActions';
import { viewActions } from './viewActions';

export const ACTIONS: readonly ActionDef[] = [
  ...paneActions,
  ...floatActions,
  ...tabActions,
  ...layoutActions,
  ...resizeActions,
  ...sessionActions,
  ...profileActions,
  ...collaborationActions,
  ...viewActions,
  ...shellActions,
  ...modeActions,
];

const byId = new Map(ACTIONS.map((a) => [a.id, a]));

export function actionById(id: string): ActionDef | undefined {
  return byId.get(id);
}
