package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// The CLI cases written as data: each testdata/script/*.txtar file is a
// testscript (github.com/rogpeppe/go-internal/testscript) that runs the
// real command, `gpredict`, on the files it carries.

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"gpredict": func() { os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
