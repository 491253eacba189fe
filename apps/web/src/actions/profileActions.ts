// Profiles (rozi's profiles.md): the Profiles picker (its keys act on the highlighted profile),
// Capture session as profile… and Replace session with profile… (both through the picker's
// Ctrl+N / Ctrl+R, so there is one place that names and confirms).
import type { ActionDef } from './actionTypes';

export const profileActions: ActionDef[] = [
  {
    id: 'profiles',
    title: 'Profiles',
    category: 'Session',
    keywords: 'profile launch recipe project attach load',
    run: (ctx) => ctx.ui.openProfiles(),
  },
  {
    id: 'save-profile',
    title: 'Capture session as profile…',
    category: 'Session',
    keywords: 'profile save capture',
    enabled: (ctx) => ctx.session !== undefined,
    run: (ctx) => ctx.ui.openProfiles('capture'),
  },
  {
    id: 'replace-session-with-profile',
    title: 'Replace session with profile…',
    category: 'Session',
    keywords: 'profile apply load replace',
    enabled: (ctx) => ctx.session !== undefined,
    run: (ctx) => ctx.ui.openProfiles('replace'),
  },
];
