package main

import (
	"context"
	"fmt"
	"strings"

	"gpredict/spec"
	"gpredict/trace"
)

// atomicBlocks returns which `enter` events of tr start an atomic block:
// those whose method matches one of the --atomic signature patterns. A
// pattern is matched exactly as `execution(PATTERN)` in a property
// (docs/matching.md): it is compiled as the pointcut of a one-event
// property, so the two can never disagree on what a pattern means.
func atomicBlocks(ctx context.Context, tr *trace.Trace, patterns []string) (func(trace.EventRef) bool, error) {
	atomic := map[trace.EventRef]bool{}
	for _, pat := range patterns {
		p, err := atomicProperty(pat)
		if err != nil {
			return nil, err
		}
		events, err := spec.MatchContext(ctx, p, tr)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			return nil, usageError(fmt.Errorf("--atomic %q: %w", pat, err))
		}
		for _, e := range events[0] {
			if tr.Event(e.Ref).Op == trace.OpEnter {
				atomic[e.Ref] = true
			}
		}
	}
	return func(r trace.EventRef) bool { return atomic[r] }, nil
}

// atomicPrefix is the property source before an --atomic pattern; the
// pattern's columns in diagnostics are counted after it.
const atomicPrefix = "AtomicBlock() { event block before() : execution("

// atomicProperty compiles `execution(pat)` and checks that pat is one
// signature pattern and nothing more (the property syntax around it would
// otherwise accept `a()) || call(b()`).
func atomicProperty(pat string) (*spec.Property, error) {
	src := atomicPrefix + pat + "); pattern: block }"
	f, diags := spec.Load("--atomic", []byte(src))
	if diags.HasErrors() {
		d := diags.Errors()[0]
		col := d.Pos.Col - len([]rune(atomicPrefix))
		if col < 1 || col > len([]rune(pat))+1 {
			col = 1
		}
		return nil, usageError(fmt.Errorf("--atomic %q: column %d: %s; want a method signature pattern such as '* Set.add(..)' (docs/atomicity.md)", pat, col, d.Msg))
	}
	p := f.Properties[0]
	if inv, ok := p.Events[0].Pointcut.(*spec.PcInvocation); !ok || strings.ContainsAny(pat, "&|!;") || inv.Sig == nil {
		return nil, usageError(fmt.Errorf("--atomic %q: want one method signature pattern such as '* Set.add(..)', not a pointcut expression", pat))
	}
	return p, nil
}
