package props

import (
	"embed"
	"sort"
	"strings"

	"gpredict/props/deadlock"
	"gpredict/spec"
)

// files holds the catalogue's sources and docs.
//
//go:embed catalog/*.gp catalog/*.md
var files embed.FS

// repoDir is where the embedded files live in the repository; it names
// them in diagnostics.
const repoDir = "props/"

// catalogue lists every property, in the order `props list` shows them.
// Adding a property: write catalog/NAME.gp and catalog/NAME.md, add a line
// here, and add testdata/NAME/{positive,negative}.trace (and
// testdata/NAME/observed.trace for an alternative that only the recorded
// run can show; see TestProperties).
var catalogue = []Property{
	pattern("UnsafeIterator"),
	pattern("UnsafeMapIterator"),
	pattern("CheckThenAct"),
	pattern("DataRace"),
	pattern("AtomicityViolation"),
	pattern("NullDereference"),
	pattern("UnsafeDatabaseAccess"),
	pattern("UseAfterClose"),
	pattern("AuthenticateBeforeUse"),
	pattern("StringBuilderThreadSafe"),
	pattern("SynchronizedCollection"),
	pattern("SynchronizedMap"),
	pattern("UnsynchronizedAddAll"),
	pattern("UnsynchronizedSubList"),
	pattern("UnsafeListIterator"),
	pattern("IteratorRemoveOnce"),
	pattern("ObjectMonitorOwner"),
	pattern("ThreadStartOnce"),
	pattern("PipedStreamSingleThread"),
	pattern("CloseableMultipleClose"),
	pattern("GoConcurrentMapWrite"),
	pattern("GoMapIterationWrite"),
	pattern("GoSendOnClosedChannel"),
	pattern("GoCloseOfClosedChannel"),
	pattern("GoWaitGroupReuse"),
	builtin("Deadlock", "props/deadlock", deadlock.Predict),
	builtin("Blocked", "props/deadlock", deadlock.PredictBlocked),
}

// pattern makes the entry of a pattern property from its embedded files.
// A missing file leaves the field empty, which Validate reports.
func pattern(name string) Property {
	p := withDoc(name)
	p.File = repoDir + "catalog/" + name + ".gp"
	if src, err := files.ReadFile("catalog/" + name + ".gp"); err == nil {
		p.Source = string(src)
	}
	return p
}

// builtin makes the entry of a built-in property implemented in package
// pkg (its path in the repository, kept in File for the docs).
func builtin(name, pkg string, run BuiltinFunc) Property {
	p := withDoc(name)
	p.Builtin, p.File = run, pkg
	return p
}

// withDoc reads catalog/NAME.md: its first line is the summary, the rest
// the doc.
func withDoc(name string) Property {
	p := Property{Name: name}
	md, err := files.ReadFile("catalog/" + name + ".md")
	if err != nil {
		return p
	}
	summary, doc, _ := strings.Cut(string(md), "\n")
	p.Summary = strings.TrimSpace(summary)
	p.Doc = strings.TrimSpace(doc)
	return p
}

// All returns the catalogue. The slice is the caller's to modify.
func All() []Property { return append([]Property(nil), catalogue...) }

// Names returns the names of the catalogue, sorted.
func Names() []string {
	names := make([]string, len(catalogue))
	for i, p := range catalogue {
		names[i] = p.Name
	}
	sort.Strings(names)
	return names
}

// Lookup finds a property by name.
func Lookup(name string) (Property, bool) {
	for _, p := range catalogue {
		if p.Name == name {
			return p, true
		}
	}
	return Property{}, false
}

// Find is the catalogue property that `gpredict props show NAME` shows;
// an unknown name is an error that suggests the closest one.
func Find(name string) (Property, error) {
	if name == "all" {
		return Property{}, errNotOne(name)
	}
	p, ok := Lookup(name)
	if !ok {
		return Property{}, errNotInCatalogue(name)
	}
	return p, nil
}

// SpecFiles loads every pattern property of the catalogue, one spec.File
// each (the shape of `--spec` files). It fails only if the catalogue is
// broken, which TestValidateCatalogue rules out.
func SpecFiles() ([]*spec.File, error) {
	var out []*spec.File
	for _, p := range catalogue {
		if p.IsBuiltin() {
			continue
		}
		sp, err := p.Spec()
		if err != nil {
			return nil, err
		}
		out = append(out, &spec.File{Name: p.File, Src: []byte(p.Source), Properties: []*spec.Property{sp}})
	}
	return out, nil
}

// Builtins returns the built-in properties of the catalogue.
func Builtins() []Property {
	var out []Property
	for _, p := range catalogue {
		if p.IsBuiltin() {
			out = append(out, p)
		}
	}
	return out
}
