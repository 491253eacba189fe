# rozi shell integration for bash: OSC 133 prompt/command marks and OSC 7 cwd reports.
# Loaded after your own ~/.bashrc by rozi's generated --rcfile; it edits no file of yours.
if [[ $- == *i* && -z ${_rozi_si_loaded-} ]]; then
  _rozi_si_loaded=1

  _rozi_si_cwd() {
    local LC_ALL=C path=$PWD out='' c i
    for ((i = 0; i < ${#path}; i++)); do
      c=${path:i:1}
      case $c in
        [a-zA-Z0-9/._~-]) out+=$c ;;
        *) printf -v c '%%%02X' "'$c"; out+=${c: -3} ;;
      esac
    done
    printf '\e]7;file://%s%s\a' "${HOSTNAME-}" "$out"
  }

  # First in PROMPT_COMMAND: the status of the command that just ran, kept for what follows.
  _rozi_si_start() {
    local status=$?
    if [[ -n ${_rozi_si_ran-} ]]; then printf '\e]133;D;%s\a' "$status"; fi
    _rozi_si_ran=1
    return $status
  }

  # Last in PROMPT_COMMAND: the prompt starts here, and ends with the B mark.
  _rozi_si_end() {
    local status=$?
    printf '\e]133;A\a'
    _rozi_si_cwd
    [[ $PS1 == *'133;B'* ]] || PS1+='\[\e]133;B\a\]'
    return $status
  }

  if [[ "$(declare -p PROMPT_COMMAND 2>/dev/null)" == 'declare -a'* ]]; then
    PROMPT_COMMAND=(_rozi_si_start "${PROMPT_COMMAND[@]}" _rozi_si_end)
  else
    PROMPT_COMMAND="_rozi_si_start${PROMPT_COMMAND:+
$PROMPT_COMMAND}
_rozi_si_end"
  fi
  # PS0 is printed after a command line is read and before it runs: the output starts here.
  PS0+='\e]133;C\a'
fi
