module example.com/progs

go 1.26
