# T0 joins T1, then forks it
header 2 0 1 3
event 0 5 1 1
event 0 4 1 2
event 1 3 0 3
