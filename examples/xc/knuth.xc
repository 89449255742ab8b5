| Knuth's example from TAOCP 7.2.2.1: seven items, six options, one solution.
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
