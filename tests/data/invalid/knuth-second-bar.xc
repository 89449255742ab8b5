a | b | c
a
