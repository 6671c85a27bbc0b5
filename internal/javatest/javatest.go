// Package javatest builds what the tests of the Java recorder need: the
// agent jar (record/java/agent/build.sh) and Java programs compiled from
// sources in the repository, once per test binary.
package javatest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

var agent struct {
	once sync.Once
	path string
	err  string
}

// Root is the repository's root directory.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// Available reports whether a JDK is on PATH.
func Available() bool {
	for _, tool := range []string{"java", "javac"} {
		if _, err := exec.LookPath(tool); err != nil {
			return false
		}
	}
	return true
}

// NeedJava skips the test when there is no JDK: scripts/setup.sh --dev
// (which make test runs) installs one, so CI never skips.
func NeedJava(t testing.TB) {
	t.Helper()
	if !Available() {
		t.Skip("java or javac is not on PATH (scripts/setup.sh --dev installs a JDK)")
	}
}

// Agent returns the agent jar, building it first if its sources changed.
func Agent(t testing.TB) string {
	t.Helper()
	NeedJava(t)
	agent.once.Do(func() {
		dir := filepath.Join(Root(), "record", "java", "agent")
		out, err := exec.Command("bash", filepath.Join(dir, "build.sh")).CombinedOutput()
		if err != nil {
			agent.err = "building the agent: " + err.Error() + "\n" + string(out)
			return
		}
		agent.path = filepath.Join(dir, "build", "gpredict-agent.jar")
	})
	if agent.err != "" {
		t.Fatal(agent.err)
	}
	return agent.path
}

var compiled struct {
	sync.Mutex
	dirs map[string]string
}

// Compile compiles the .java files under srcDir (recursively) with the
// jars of classpath and returns the directory of the classes. The
// directory is named by a hash of the sources and the class path, under
// the system's temporary directory, so that a later test run with the
// same sources reuses it instead of running javac again.
func Compile(t testing.TB, srcDir string, classpath ...string) string {
	t.Helper()
	NeedJava(t)
	compiled.Lock()
	defer compiled.Unlock()
	key := srcDir + "|" + strings.Join(classpath, ":")
	if compiled.dirs == nil {
		compiled.dirs = map[string]string{}
	}
	if d, ok := compiled.dirs[key]; ok {
		return d
	}
	var srcs []string
	err := filepath.WalkDir(srcDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".java") {
			srcs = append(srcs, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for _, p := range append(srcs, classpath...) {
		data, _ := os.ReadFile(p)
		fmt.Fprintf(h, "%s %d\n", p, len(data))
		h.Write(data)
	}
	out := filepath.Join(os.TempDir(), "gpredict-javatest", hex.EncodeToString(h.Sum(nil))[:16])
	if _, err := os.Stat(filepath.Join(out, ".complete")); err == nil {
		compiled.dirs[key] = out
		return out
	}
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	args := []string{"-nowarn", "-g", "-d", out}
	if len(classpath) > 0 {
		args = append(args, "-cp", strings.Join(classpath, string(os.PathListSeparator)))
	}
	if b, err := exec.Command("javac", append(args, srcs...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac %s: %v\n%s", srcDir, err, b)
	}
	if err := os.WriteFile(filepath.Join(out, ".complete"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	compiled.dirs[key] = out
	return out
}
