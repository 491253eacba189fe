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
import { LeftAlone } from '../workspace/AttachPrompt';

function Workspace() {
  useApplyTheme();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const controller = useWorkspaceController({ mobile });
  useEffect(registerServiceWorker, []);
  if (mobile && controller.attach.step === 'left') return <LeftAlone p={controller.attach} />;
  return mobile ? <MobileWorkspace c={controller} /> : <DesktopWorkspace c={controller} />;
}

export default function WorkspaceApp() {
  return (
    <AppProviders>
      <Workspace />
    </AppProviders>
  );
}
