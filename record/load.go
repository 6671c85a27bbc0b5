package record

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Command is the user's go command, as given after `--`.
type Command struct {
	Sub      string   // "test" or "run"
	Flags    []string // build and test flags before the packages
	Packages []string // package patterns (or .go files for go run)
	Rest     []string // flags after the packages, and the program's arguments for go run
}

// goFlagsWithValue are the go build/test flags that take a separate value
// (`-run TestX`), so that the value is not taken for a package.
var goFlagsWithValue = map[string]bool{
	"-run": true, "-bench": true, "-benchtime": true, "-count": true, "-cpu": true, "-parallel": true,
	"-timeout": true, "-tags": true, "-ldflags": true, "-gcflags": true, "-asmflags": true, "-o": true,
	"-coverprofile": true, "-covermode": true, "-coverpkg": true, "-exec": true, "-skip": true,
	"-p": true, "-mod": true, "-modfile": true, "-overlay": true, "-pkgdir": true, "-C": true,
	"-blockprofile": true, "-cpuprofile": true, "-memprofile": true, "-mutexprofile": true, "-trace": true,
	"-outputdir": true, "-fuzz": true, "-fuzztime": true, "-shuffle": true, "-vet": true, "-json": false,
}

// ParseCommand splits `go test …` or `go run …`.
func ParseCommand(args []string) (Command, error) {
	if len(args) < 2 || args[0] != "go" {
		return Command{}, fmt.Errorf("want a go command after --: go test [flags] [packages] or go run [flags] package [arguments]")
	}
	c := Command{Sub: args[1]}
	if c.Sub != "test" && c.Sub != "run" {
		return Command{}, fmt.Errorf("go %s: want go test or go run", c.Sub)
	}
	rest := args[2:]
	i := 0
	for i < len(rest) && strings.HasPrefix(rest[i], "-") {
		name, _, hasValue := strings.Cut(rest[i], "=")
		if name == "-overlay" {
			return Command{}, fmt.Errorf("go %s -overlay: gpredict record builds with its own overlay; want a command without -overlay", c.Sub)
		}
		c.Flags = append(c.Flags, rest[i])
		if goFlagsWithValue[name] && !hasValue && i+1 < len(rest) {
			c.Flags = append(c.Flags, rest[i+1])
			i++
		}
		i++
	}
	if c.Sub == "run" {
		for i < len(rest) && (len(c.Packages) == 0 || strings.HasSuffix(rest[i], ".go")) {
			c.Packages = append(c.Packages, rest[i])
			i++
			if !strings.HasSuffix(c.Packages[0], ".go") {
				break
			}
		}
		c.Rest = rest[i:]
		if len(c.Packages) == 0 {
			return Command{}, fmt.Errorf("go run: missing package; want go run [flags] package [arguments]")
		}
		return c, nil
	}
	for ; i < len(rest); i++ {
		a := rest[i]
		if strings.HasPrefix(a, "-") {
			c.Rest = append(c.Rest, a)
			name, _, hasValue := strings.Cut(a, "=")
			if goFlagsWithValue[name] && !hasValue && i+1 < len(rest) {
				c.Rest = append(c.Rest, rest[i+1])
				i++
			}
			continue
		}
		c.Packages = append(c.Packages, a)
	}
	if len(c.Packages) == 0 {
		c.Packages = []string{"."}
	}
	return c, nil
}

// loaded is the result of loading the command's packages.
type loaded struct {
	modPath, modDir string
	pkgs            []*packages.Package // every package to instrument
}

// load loads the command's packages with types and selects those to
// instrument: packages of the main module, plus those whose import path
// starts with one of extra; never the standard library.
func load(dir string, c Command, extra []string) (*loaded, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports | packages.NeedDeps | packages.NeedModule,
		Dir: dir, Tests: c.Sub == "test", BuildFlags: buildFlags(c.Flags),
	}
	pkgs, err := packages.Load(cfg, c.Packages...)
	if err != nil {
		return nil, err
	}
	var msgs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
	})
	if len(msgs) > 0 {
		return nil, fmt.Errorf("loading %s: %s", strings.Join(c.Packages, " "), strings.Join(msgs, "; "))
	}
	l := &loaded{}
	seen := map[string]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Module != nil && p.Module.Main && l.modDir == "" {
			l.modPath, l.modDir = p.Module.Path, p.Module.Dir
		}
	})
	if l.modDir == "" {
		return nil, fmt.Errorf("%s: not inside a Go module; want a module (go.mod) whose packages to record", dir)
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if seen[p.ID] || p.Types == nil || len(p.Syntax) == 0 || !selected(p, extra) {
			return
		}
		seen[p.ID] = true
		l.pkgs = append(l.pkgs, p)
	})
	return l, nil
}

// selected reports whether p is instrumented.
func selected(p *packages.Package, extra []string) bool {
	if p.Module == nil {
		return false // the standard library (or generated test mains)
	}
	if p.Module.Main {
		return !strings.HasSuffix(p.PkgPath, ".test") // not the generated test main
	}
	for _, e := range extra {
		if p.PkgPath == e || strings.HasPrefix(p.PkgPath, e+"/") {
			return true
		}
	}
	return false
}

// buildFlags keeps the flags that change what is built (tags, mod).
func buildFlags(flags []string) []string {
	var out []string
	for i := 0; i < len(flags); i++ {
		name, _, hasValue := strings.Cut(flags[i], "=")
		switch name {
		case "-tags", "-mod", "-modfile":
			out = append(out, flags[i])
			if !hasValue && i+1 < len(flags) {
				out = append(out, flags[i+1])
			}
		}
		if goFlagsWithValue[name] && !hasValue {
			i++
		}
	}
	return out
}

// instrSet returns the predicate "package is instrumented".
func (l *loaded) instrSet() func(*types.Package) bool {
	set := map[string]bool{}
	for _, p := range l.pkgs {
		set[p.PkgPath] = true
	}
	return func(p *types.Package) bool { return p != nil && set[p.Path()] }
}

// inModule reports whether path is a file of the module directory.
func (l *loaded) inModule(path string) bool {
	rel, err := filepath.Rel(l.modDir, path)
	return err == nil && !strings.HasPrefix(rel, "..")
}

var _ = os.Getenv
