header 1 1 2 1
event 0 2 9 1
