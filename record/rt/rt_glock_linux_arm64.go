package rt

const sysMembarrierNr = 283
