// Collaboration (rozi's sessions.md, "Collaboration commands and input control"): take or request
// the shown session's control lease (Ctrl+A g; immediate while takeover is on), grant it to the
// client that asked (Ctrl+A e), the controller's input lock and takeover switches, the Manage
// collaborators dialog, and a read-only link that can watch but never type. Each is enabled only
// while it would do something; the server enforces the same rules.
import type { ActionContext, ActionDef } from './actionTypes';

/** The controller, with somebody else on the session. */
const controlling = (ctx: ActionContext) => ctx.collab?.mine === true && !ctx.collab.readOnly;

export const collaborationActions: ActionDef[] = [
  {
    id: 'request-control',
    title: 'Take or request layout control',
    category: 'Session',
    keywords: 'collaboration controller lease shared take request ask',
    enabled: (ctx) => ctx.session !== undefined && ctx.collab?.readOnly !== true && ctx.collab?.mine !== true,
    run: (ctx) => {
      ctx.ui.takeControl();
      const c = ctx.collab;
      if (c && !c.takeover && c.controller !== null)
        ctx.ui.notice(`Asked browser ${c.controller} for layout control`);
    },
  },
  {
    id: 'grant-control',
    title: 'Grant layout control to requester',
    category: 'Session',
    keywords: 'collaboration controller lease give hand over request',
    enabled: (ctx) => controlling(ctx) && (ctx.collab?.wants.length ?? 0) > 0,
    run: (ctx) => ctx.collab?.grant(),
  },
  {
    id: 'toggle-input-lock',
    title: 'Toggle input lock (only the controller types)',
    category: 'Session',
    keywords: 'collaboration lock input keyboard typing controller enable disable',
    enabled: (ctx) => controlling(ctx) && (ctx.collab?.count ?? 0) > 1,
    run: (ctx) => {
      const c = ctx.collab;
      if (!c) return;
      c.setInputLock(!c.inputLock);
      ctx.ui.notice(c.inputLock ? 'Input lock off: every writer types' : 'Input lock on: only you type');
    },
  },
  {
    id: 'toggle-control-takeover',
    title: 'Toggle immediate control takeover',
    category: 'Session',
    keywords: 'collaboration takeover request grant policy allow_takeover enable disable',
    enabled: controlling,
    run: (ctx) => {
      const c = ctx.collab;
      if (!c) return;
      c.setTakeover(!c.takeover);
      ctx.ui.notice(
        c.takeover
          ? 'Takeover off: others ask for control and you grant it'
          : 'Takeover on: others take control at once',
      );
    },
  },
  {
    id: 'collaborators',
    title: 'Manage collaborators…',
    category: 'Session',
    keywords: 'collaboration clients roster who attached grant decline',
    enabled: (ctx) => (ctx.collab?.count ?? 0) > 1,
    run: (ctx) => ctx.ui.openCollaborators(),
  },
  {
    id: 'copy-read-only-link',
    title: 'Copy read-only link to this session',
    category: 'Session',
    keywords: 'collaboration share viewer watch read only link attach',
    enabled: (ctx) => ctx.session !== undefined && !ctx.session.host,
    run: async (ctx) => {
      const session = ctx.session?.name;
      if (!session) return;
      // The server names its loopback address; a person shares the page's own origin.
      const link = new URL(await ctx.api.readOnlyLink(session));
      const url = `${location.origin}/${link.search}`;
      try {
        await navigator.clipboard.writeText(url);
        ctx.ui.notice('Read-only link copied: whoever opens it watches but cannot type');
      } catch {
        ctx.ui.prompt({
          title: 'Read-only link',
          label: 'Copy this link',
          initial: url,
          onSubmit: () => undefined,
        });
      }
    },
  },
];
