package java

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Command is a java command line, split where the JVM's options end.
type Command struct {
	Java    string   // the java launcher as given (java, /usr/bin/java)
	Options []string // JVM options, before the main
	Main    []string // what runs: CLASS, -jar JAR, -m MODULE[/CLASS], or a source file
	Args    []string // the program's arguments
}

// jvmOptionsWithValue are the launcher options whose value is the next
// argument (java --help): anything else starting with '-' is one argument.
var jvmOptionsWithValue = map[string]bool{
	"-cp": true, "-classpath": true, "--class-path": true, "-p": true, "--module-path": true,
	"--upgrade-module-path": true, "--add-modules": true, "--add-exports": true, "--add-opens": true,
	"--add-reads": true, "--patch-module": true, "--limit-modules": true, "--enable-native-access": true,
	"--source": true,
}

const usage = "java [JVM options] (-cp CP MAIN | -jar JAR) [args]"

// ParseCommand splits `java [JVM options] (-cp CP MAIN | -jar JAR) [args]`.
func ParseCommand(args []string) (Command, error) {
	if len(args) == 0 || !IsJava(args[0]) {
		return Command{}, fmt.Errorf("want a java command after --: %s", usage)
	}
	c := Command{Java: args[0]}
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "-jar" || a == "-m" || a == "--module":
			if i+1 >= len(rest) {
				return Command{}, fmt.Errorf("java %s: missing its value; want %s", a, usage)
			}
			c.Main, c.Args = rest[i:i+2], rest[i+2:]
			return c, nil
		case strings.HasPrefix(a, "--module="):
			c.Main, c.Args = rest[i:i+1], rest[i+1:]
			return c, nil
		case a == "-version" || a == "--version" || a == "-help" || a == "--help" || a == "-h" || a == "-?":
			return Command{}, fmt.Errorf("java %s runs no program; want %s", a, usage)
		case strings.HasPrefix(a, "-javaagent:") && strings.Contains(a, "gpredict-agent"):
			return Command{}, fmt.Errorf("java %s: gpredict record adds its agent itself; want the command without it", a)
		case jvmOptionsWithValue[a]:
			if i+1 >= len(rest) {
				return Command{}, fmt.Errorf("java %s: missing its value; want %s", a, usage)
			}
			c.Options = append(c.Options, a, rest[i+1])
			i++
		case strings.HasPrefix(a, "-"):
			c.Options = append(c.Options, a)
		default:
			c.Main, c.Args = rest[i:i+1], rest[i+1:]
			return c, nil
		}
	}
	return Command{}, fmt.Errorf("java: no main class, -jar or -m; want %s", usage)
}

// IsJava reports whether a command names the java launcher.
func IsJava(name string) bool {
	base := filepath.Base(name)
	return base == "java" || base == "java.exe"
}

// argv is the command with the agent's option first among the JVM's.
func (c Command) argv(agentOption string) []string {
	out := []string{agentOption}
	out = append(out, c.Options...)
	out = append(out, c.Main...)
	return append(out, c.Args...)
}
