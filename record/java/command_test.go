package java

import (
	"strings"
	"testing"
)

func TestParseCommand(t *testing.T) {
	cases := []struct {
		args                  string
		opts, main, rest, err string
	}{
		{args: "java -cp c demo.Main a b", opts: "-cp c", main: "demo.Main", rest: "a b"},
		{args: "/usr/bin/java -Xmx1g -ea -jar app.jar x", opts: "-Xmx1g -ea", main: "-jar app.jar", rest: "x"},
		{args: "java --class-path a:b -Dk=v M", opts: "--class-path a:b -Dk=v", main: "M"},
		{args: "java -m mod/pkg.Main -v", main: "-m mod/pkg.Main", rest: "-v"},
		{args: "java --module=mod/pkg.Main", main: "--module=mod/pkg.Main"},
		{args: "java --add-opens java.base/java.lang=ALL-UNNAMED -cp c M", opts: "--add-opens java.base/java.lang=ALL-UNNAMED -cp c", main: "M"},
		{args: "java Hello.java", main: "Hello.java"},
		{args: "go test ./x", err: "want a java command"},
		{args: "java -cp c", err: "no main class"},
		{args: "java -cp", err: "-cp: missing its value"},
		{args: "java -jar", err: "-jar: missing its value"},
		{args: "java -version", err: "runs no program"},
		{args: "java -javaagent:/x/gpredict-agent.jar=c -cp c M", err: "adds its agent itself"},
	}
	for _, tc := range cases {
		c, err := ParseCommand(strings.Fields(tc.args))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one with %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.args, err)
			continue
		}
		got := [3]string{strings.Join(c.Options, " "), strings.Join(c.Main, " "), strings.Join(c.Args, " ")}
		if want := [3]string{tc.opts, tc.main, tc.rest}; got != want {
			t.Errorf("%s: options/main/args %q, want %q", tc.args, got, want)
		}
	}
}

// FuzzParseCommand: a command that parses splits into its parts, and the
// launcher's argument list is exactly those parts after the agent option.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"java -cp c M a", "java -jar x.jar", "java -m m/M", "java --add-opens a -cp c M", "java"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Fields(s)
		c, err := ParseCommand(args)
		if err != nil {
			return
		}
		if len(c.Main) == 0 {
			t.Fatalf("%q: parsed without a main", s)
		}
		argv := c.argv("-javaagent:A")
		if argv[0] != "-javaagent:A" || strings.Join(argv[1:], " ") != strings.Join(args[1:], " ") {
			t.Fatalf("%q: argv %q", s, argv)
		}
	})
}
