a b:c
a
