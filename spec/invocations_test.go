package spec

import (
	"strings"
	"testing"
)

func TestInvocations(t *testing.T) {
	cases := []struct {
		name, events string
		want         string // the patterns' names, joined by space; "ALL" for all
	}{
		{"call", "event a before() : call(* List.add(..));", "add"},
		{"execution", "event a before() : execution(void m());", "m"},
		{"field only", "event a before(Object v) : get(* *) && location(v);", ""},
		{"lock only", "event a before() : lock();", ""},
		{"and narrows", "event a before(Object o) : call(* A.f()) && target(o);", "f"},
		{"and of field and call", "event a before() : get(* *) && call(* A.f());", ""},
		{"or joins", "event a before() : call(* A.f()) || call(* B.g());", "f g"},
		{"or with target", "event a before(Object o) : call(* A.f()) || target(o);", "ALL"},
		{"target alone", "event a before(Object o) : target(o);", "ALL"},
		{"negation", "event a before() : !call(* A.f());", "ALL"},
		{"negated field", "event a before() : call(* A.f()) && !get(* *);", "f"},
		{"several events", "event a before() : call(* A.f()); event b before() : set(* *);", "f"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := "P(Object o) { " + tc.events + " pattern: a }"
			f, diags := Parse("t.gp", []byte(src))
			if diags.HasErrors() {
				t.Fatalf("parse: %v", diags)
			}
			pats, all := Invocations(f.Properties[0])
			var got string
			if all {
				got = "ALL"
			} else {
				var names []string
				for _, p := range pats {
					names = append(names, p.Name)
				}
				got = strings.Join(names, " ")
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
