a b a
a b
