// [remote] of the config in force (config/configStore.ts): read on every use, so an edit applies
// at once; a file that stops parsing keeps the last good [remote] and says so in the warnings.
import { diagnosticLine } from '../config/configLoad';
import { configStore } from '../config/configStore';
import { remoteSettingsFrom, type RemoteSettings } from './remoteSettings';

export function readRemoteSettings(configFile: string): RemoteSettings {
  const snap = configStore(configFile).current();
  const s = remoteSettingsFrom(snap.root);
  if (snap.problem) s.warnings.push(`${diagnosticLine(snap.problem)}; the last good [remote] stays in force`);
  return s;
}
