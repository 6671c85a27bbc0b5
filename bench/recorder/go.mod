module gpredict.bench/recorder

go 1.26
