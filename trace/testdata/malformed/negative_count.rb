header 1 1 1 -1
