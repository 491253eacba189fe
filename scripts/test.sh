#!/usr/bin/env bash
# Runs every test of the project. Installs what the tests need that npm does not bring:
# Debian's chromium for the browser tests (Playwright cannot download its own browser here).
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1 NEXT_TELEMETRY_DISABLED=1

if [ ! -x /usr/bin/chromium ]; then
  echo "test: installing Debian's chromium for the browser tests"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; fi
fi

# Debian's openssh-server for the remote-host tests (a real sshd on loopback, apps/server/test/sshd.ts).
if [ ! -x /usr/sbin/sshd ]; then
  echo "test: installing Debian's openssh-server for the remote-host tests"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server >/dev/null
  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server >/dev/null; fi
fi

# Debian's zsh and fish: shell integration runs in real zsh and fish panes
# (apps/server/test/shell-integration-zsh-fish.test.ts), as in bash.
if ! command -v zsh >/dev/null || ! command -v fish >/dev/null; then
  echo "test: installing Debian's zsh and fish for the shell-integration tests"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zsh fish >/dev/null
  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zsh fish >/dev/null; fi
fi

echo "== lint"
npm run -s lint
echo "== typecheck"
npx --no-install turbo run typecheck --output-logs=errors-only
npx --no-install tsc -p tsconfig.tools.json   # bench/, scripts/ and the vitest configs
echo "== build"
npx --no-install turbo run build --output-logs=errors-only
echo "== tests"
npx --no-install vitest run
