# T0 joins itself
header 1 0 0 1
event 0 5 0 1
