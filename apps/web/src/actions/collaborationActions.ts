// Collaboration (rozi's sessions.md): take the shown session's control lease (Ctrl+A g; takeover
// is immediate, rozi's default) and hand out a read-only link that can watch but never type.
import type { ActionDef } from './actionTypes';

export const collaborationActions: ActionDef[] = [
  {
    id: 'request-control',
    title: 'Take layout control',
    category: 'Session',
    keywords: 'collaboration controller lease shared take request',
    enabled: (ctx) => ctx.session !== undefined,
    run: (ctx) => ctx.ui.takeControl(),
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
