package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// sarifSchema compiles the official SARIF 2.1.0 schema (testdata/sarif,
// with its licence) once per test binary run that asks for it.
func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const url = "sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSARIFSchema validates every SARIF log of the golden cases against
// the official schema, and checks that the schema does catch a log that
// breaks it.
func TestSARIFSchema(t *testing.T) {
	schema := sarifSchema(t)
	logs, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.sarif"))
	if len(logs) == 0 {
		t.Fatal("no golden SARIF logs")
	}
	for _, path := range logs {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := validateSARIF(schema, data); err != nil {
			t.Errorf("%s does not validate: %v", path, err)
		}
		broken := bytes.Replace(data, []byte(`"level": "error"`), []byte(`"level": "fatal"`), 1)
		broken = bytes.Replace(broken, []byte(`"executionSuccessful": `), []byte(`"executionSucceeded": `), 1)
		if validateSARIF(schema, broken) == nil {
			t.Errorf("%s: a log with an unknown level or key validates", path)
		}
	}
}

func validateSARIF(schema *jsonschema.Schema, data []byte) error {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(data)))
	if err != nil {
		return err
	}
	return schema.Validate(v)
}
