'use client';
// The workspace page: providers, theme, then the desktop or the phone layout.
import { useEffect } from 'react';
import { MobileWorkspace } from '../mobile/MobileWorkspace';
import { AppProviders } from '../shell/AppProviders';
import { MOBILE_QUERY, useMediaQuery } from '../shell/useMediaQuery';
import { useApplyTheme } from '../settings/useResolvedTheme';
import { registerServiceWorker } from '../shell/serviceWorker';
import { DesktopWorkspace } from '../workspace/DesktopWorkspace';
import { useWorkspaceController } from '../workspace/useWorkspaceController';

function Workspace() {
  useApplyTheme();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const controller = useWorkspaceController();
  useEffect(registerServiceWorker, []);
  return mobile ? <MobileWorkspace c={controller} /> : <DesktopWorkspace c={controller} />;
}

export default function WorkspaceApp() {
  return (
    <AppProviders>
      <Workspace />
    </AppProviders>
  );
}
