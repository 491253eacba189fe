'use client';
// What extensions add to the workspace page: the `rozi pick`/`rozi prompt` modal and the Sidebar
// tabs… dialog (opened from the palette). Mounted once by WorkspaceDialogs.
import { useEffect, useState } from 'react';
import { ExtensionPicker } from './ExtensionPicker';
import { SidebarTabsDialog } from './SidebarTabsDialog';
import { OPEN_SIDEBAR_TABS_EVENT } from './useExtensionActions';

export function ExtensionsLayer() {
  const [tabsOpen, setTabsOpen] = useState(false);
  useEffect(() => {
    const open = () => setTabsOpen(true);
    window.addEventListener(OPEN_SIDEBAR_TABS_EVENT, open);
    return () => window.removeEventListener(OPEN_SIDEBAR_TABS_EVENT, open);
  }, []);
  return (
    <>
      <ExtensionPicker />
      <SidebarTabsDialog open={tabsOpen} onClose={() => setTabsOpen(false)} />
    </>
  );
}
