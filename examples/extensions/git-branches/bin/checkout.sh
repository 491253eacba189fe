#!/bin/sh
# Lists local branches through `rozi pick` and checks out the chosen one. Runs in the focused
# pane's working directory. A cancelled picker (exit 1) is not an error.
rozi="${ROZI_BIN:-rozi}"
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  "$rozi" notify --level warn "git-branches: $(pwd) is not a git repository"
  exit 0
fi
branch=$(git branch --format='%(refname:short)' | "$rozi" pick --title "Checkout branch" --placeholder "branch")
status=$?
[ "$status" -eq 1 ] && exit 0
[ "$status" -ne 0 ] && exit "$status"
git checkout --quiet "$branch" && "$rozi" notify "checked out $branch"
