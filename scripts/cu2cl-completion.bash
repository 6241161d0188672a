# bash completion for cu2cl (installed as
# PREFIX/share/bash-completion/completions/cu2cl). The options are read from
# `cu2cl --help` and the diagnostic IDs from `cu2cl --list-diagnostics`, once
# per shell, so the completion follows the installed version.
_cu2cl_options=
_cu2cl_ids=

_cu2cl() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  local w
  for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    if [ "$w" = -- ]; then
      return 0 # compiler flags: nothing to offer
    fi
  done
  if [ "${COMP_WORDS[1]}" = validate ] && [ "$COMP_CWORD" -gt 1 ]; then
    COMPREPLY=($(compgen -f -- "$cur"))
    return 0
  fi
  case $prev in
    -p | --report)
      COMPREPLY=($(compgen -f -- "$cur"))
      return 0 ;;
    --out-root | -o | --in-root | --cuda-path)
      COMPREPLY=($(compgen -d -- "$cur"))
      return 0 ;;
    --explain)
      [ -n "$_cu2cl_ids" ] ||
        _cu2cl_ids=$("${COMP_WORDS[0]}" --list-diagnostics 2>/dev/null |
          grep -o 'CU2CL[0-9]\{4\}' | sort -u)
      COMPREPLY=($(compgen -W "$_cu2cl_ids" -- "$cur"))
      return 0 ;;
    -j | --warp-size)
      return 0 ;;
  esac
  if [[ $cur == -* ]]; then
    [ -n "$_cu2cl_options" ] ||
      _cu2cl_options=$("${COMP_WORDS[0]}" --help 2>/dev/null |
        grep -o -- '^ *-[-a-zA-Z]*\(, --[-a-z]*\)\?' | tr ',' '\n' | tr -d ' ')
    COMPREPLY=($(compgen -W "$_cu2cl_options --" -- "$cur"))
    return 0
  fi
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W validate -- "$cur") $(compgen -f -- "$cur"))
    return 0
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _cu2cl cu2cl
