# the second record has 3 of its 8 bytes
header 1 1 1 2
event 0 3 0 1
raw 00000c
