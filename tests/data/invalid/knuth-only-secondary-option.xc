a | x
x
a
