# Writes the SPIR-V file IN as a C array NAME (4-byte aligned) into OUT.
file(READ ${IN} hex HEX)
string(LENGTH "${hex}" len)
math(EXPR bytes "${len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "((0x..,){16})" "\\1\n  " body "${body}")
file(WRITE ${OUT} "/* Generated from ${IN} by embed_spirv.cmake. */\n#include <stddef.h>\n"
     "_Alignas(4) const unsigned char ${NAME}[] = {\n  ${body}\n};\n"
     "const size_t ${NAME}_size = ${bytes};\n")
