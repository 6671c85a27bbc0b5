header 2 1 1 1
event 5 3 0 1
