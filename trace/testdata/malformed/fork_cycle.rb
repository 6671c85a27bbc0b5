# T0 forks T1, T1 forks T0
header 2 0 1 3
event 0 3 0 1
event 0 4 1 2
event 1 4 0 3
