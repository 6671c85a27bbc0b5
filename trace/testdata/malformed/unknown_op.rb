# op 12 is not a RapidBin op
header 1 1 1 2
event 0 3 0 1
event 0 12 0 2
