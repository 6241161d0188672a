# cmake -DIN=file[|file...] -DOUT=header.h -DVAR=name -P embed.cmake
# Writes `static const char VAR[] = "...";` holding the text of IN (several
# files: their texts one after the other), so that text files (the OpenCL C
# prelude, emitted .cl programs) are compiled into a binary.
set(content "")
string(REPLACE "|" ";" files "${IN}")
foreach(f ${files})
  file(READ "${f}" part HEX)
  string(APPEND content "${part}")
endforeach()
string(LENGTH "${content}" n)
set(out "/* generated from ${IN} */\nstatic const char ${VAR}[] = {")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){16})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp" "${out}\n${bytes}0x00};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
