# rozi shell integration for fish: OSC 133 prompt/command marks and OSC 7 cwd reports.
# Found through a temporary XDG_DATA_DIRS entry rozi adds; it edits no file of yours.
if set -q ROZI_SI_XDG_DATA_DIRS
    if test -n "$ROZI_SI_XDG_DATA_DIRS"
        set -gx XDG_DATA_DIRS $ROZI_SI_XDG_DATA_DIRS
    else
        set -e XDG_DATA_DIRS
    end
    set -e ROZI_SI_XDG_DATA_DIRS
end

if status is-interactive; and not set -q __rozi_si_loaded
    set -g __rozi_si_loaded 1

    function __rozi_si_prompt --on-event fish_prompt
        printf '\e]133;A\a\e]7;file://%s%s\a' $hostname (string escape --style=url -- $PWD | string replace -a '%2F' /)
    end

    function __rozi_si_preexec --on-event fish_preexec
        printf '\e]133;C\a'
    end

    function __rozi_si_postexec --on-event fish_postexec
        printf '\e]133;D;%s\a' $status
    end
end
