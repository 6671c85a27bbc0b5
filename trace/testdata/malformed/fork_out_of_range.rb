header 2 1 1 1
event 0 4 2 1
