a b
a a
