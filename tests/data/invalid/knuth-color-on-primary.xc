a | x
a:red x
