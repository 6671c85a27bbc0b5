header 1 1 1 3
event 0 0 0 1
event 0 1 0 2
event 0 1 0 3
