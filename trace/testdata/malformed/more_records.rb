header 1 1 1 1
event 0 3 0 1
event 0 3 0 2
