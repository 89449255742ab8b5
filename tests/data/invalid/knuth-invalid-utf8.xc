a b
a ÿ
