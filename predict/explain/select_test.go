package explain_test

import (
	"reflect"
	"testing"

	. "gpredict/predict/explain"
	"gpredict/spec"
)

const selectSpec = `Race(Object v) {
  event acc before(Object v) : get(*) && location(v);
  pattern: acc(t1) || acc(t2)
}
Pair(Object c, Object i) {
  event a before(Object c) : get(*) && location(c);
  event b before(Object i) : get(*) && location(i);
  pattern: a b
}`

func selectProps(t testing.TB) []*spec.Property {
	t.Helper()
	f, diags := spec.Load("s.gp", []byte(selectSpec))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return f.Properties
}

func TestParseSelector(t *testing.T) {
	props := selectProps(t)
	cases := []struct {
		in   string
		want Selector
		err  string
	}{
		{in: "all", want: Selector{All: true}},
		{in: " Race ", want: Selector{Property: "Race", Values: map[string]string{}}},
		{in: "Pair(i=i1)", want: Selector{Property: "Pair", Values: map[string]string{"i": "i1"}}},
		{in: "Pair (c=c, i=i2)", want: Selector{Property: "Pair", Values: map[string]string{"c": "c", "i": "i2"}}},
		{in: "Rice", err: `"Rice": no property Rice runs (did you mean Race?); want all, NAME or NAME(PARAM=VALUE, ...) of: Race, Pair`},
		{in: "Pair(j=1)", err: `"Pair(j=1)": Pair has no parameter j; its parameters: c, i`},
		{in: "Pair(c=1, c=2)", err: `"Pair(c=1, c=2)": c is given twice`},
		{in: "Pair(c)", err: `"Pair(c)": "c" is not PARAM=VALUE`},
		{in: "Pair(c=1", err: `"Pair(c=1": want NAME(PARAM=VALUE, ...), with a closing parenthesis`},
	}
	for _, c := range cases {
		got, err := ParseSelector(c.in, props)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%q: error %v, want %s", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

// ParseSelector never panics, and what it accepts selects a property
// that runs, by parameters it has.
func FuzzParseSelector(f *testing.F) {
	for _, s := range []string{"all", "Race", "Pair(c=1,i=2)", "Pair (c=c, i=i1)", "Pair(", "(c=1)", "Pair(c==1)", "Pair()"} {
		f.Add(s)
	}
	props := selectProps(f)
	f.Fuzz(func(t *testing.T, s string) {
		sel, err := ParseSelector(s, props)
		if err != nil || sel.All {
			return
		}
		var p *spec.Property
		for _, q := range props {
			if q.Name == sel.Property {
				p = q
			}
		}
		if p == nil {
			t.Fatalf("%q selects %q, which does not run", s, sel.Property)
		}
		for k := range sel.Values {
			found := false
			for _, prm := range p.Params {
				found = found || prm.Name == k
			}
			if !found {
				t.Fatalf("%q: %s has no parameter %s", s, p.Name, k)
			}
		}
	})
}
