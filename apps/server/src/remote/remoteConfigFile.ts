// Interim: reads [remote] from config.toml until the config subsystem's store (the `config`
// engineer's ConfigStore, `config.remote` / `config.remoteHosts`) lands; then this file goes and
// the registry takes the slice from the store. Read on every use so an edit applies at once.
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { remoteSettingsFrom, type RemoteSettings } from './remoteSettings';

export function readRemoteSettings(configFile: string): RemoteSettings {
  if (!existsSync(configFile)) return remoteSettingsFrom({});
  try {
    return remoteSettingsFrom(parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>);
  } catch (err) {
    const s = remoteSettingsFrom({});
    s.warnings.push(
      `config.toml: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; [remote] defaults in force`,
    );
    return s;
  }
}
