a | x
a x:r|d
