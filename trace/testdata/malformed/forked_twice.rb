header 3 0 0 2
event 0 4 1 1
event 2 4 1 2
