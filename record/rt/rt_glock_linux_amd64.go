package rt

const sysMembarrierNr = 324
