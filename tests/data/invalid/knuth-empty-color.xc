a | x
a x:
