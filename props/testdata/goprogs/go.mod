module example.com/goprogs

go 1.26
