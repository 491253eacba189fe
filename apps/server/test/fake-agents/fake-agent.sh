#!/bin/bash
# The lightest fake agent (about 3 MB, for the 100-pane tests): draws the screen file given as $1
# (or FAKE_SCREEN_FILE) once, then sits reading input like an idle TUI. Installed under an agent's
# name (e.g. bin/codex) so detection looks through bash to the script's name.
printf '\033[H\033[2J'
sed "s/$/\r/" "${1:-$FAKE_SCREEN_FILE}"
while read -r _; do :; done
