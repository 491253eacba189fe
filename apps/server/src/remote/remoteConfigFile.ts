// [remote] of the config in force, from the one config store (config/configStore.ts): read again
// only when config.toml changed, and a text that does not parse keeps the last good [remote]
// (the store reports the syntax error; the hosts say so in their warnings).
import { configStore } from '../config/configStore';
import { remoteSettingsFrom, type RemoteSettings } from './remoteSettings';

export function readRemoteSettings(configFile: string): RemoteSettings {
  const snap = configStore(configFile).current();
  const settings = remoteSettingsFrom(snap.root);
  if (snap.problem)
    settings.warnings.push(`config.toml: ${snap.problem.message}; the last good [remote] stays in force`);
  return settings;
}
