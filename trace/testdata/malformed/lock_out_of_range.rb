header 1 2 1 1
event 0 0 7 1
