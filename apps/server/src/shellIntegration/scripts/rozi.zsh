# rozi shell integration for zsh: OSC 133 prompt/command marks and OSC 7 cwd reports.
# Loaded by rozi's temporary ZDOTDIR shim after your own .zshenv; it edits no file of yours.
if [[ -o interactive && -z ${_rozi_si_loaded-} ]]; then
  _rozi_si_loaded=1
  autoload -Uz add-zsh-hook

  _rozi_si_precmd() {
    local st=$?
    [[ -n ${_rozi_si_ran-} ]] && print -rn -- $'\e]133;D;'"$st"$'\a'
    _rozi_si_ran=1
    print -rn -- $'\e]133;A\a'
    local LC_ALL=C p=$PWD out='' c i
    for (( i = 1; i <= ${#p}; i++ )); do
      c=${p[i]}
      case $c in
        ([a-zA-Z0-9/._~-]) out+=$c ;;
        (*) printf -v c '%%%02X' "'$c"; out+=${c[-3,-1]} ;;
      esac
    done
    print -rn -- $'\e]7;file://'"${HOST-}${out}"$'\a'
    [[ $PS1 == *'133;B'* ]] || PS1+=$'%{\e]133;B\a%}'
    return $st
  }

  _rozi_si_preexec() {
    print -rn -- $'\e]133;C\a'
  }

  add-zsh-hook precmd _rozi_si_precmd
  add-zsh-hook preexec _rozi_si_preexec
fi
