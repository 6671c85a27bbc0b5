package spec

// kindSet is a set of join point kinds, one bit per jpKind.
type kindSet uint8

const anyKind kindSet = 1<<jpInvocation | 1<<jpGet | 1<<jpSet | 1<<jpLock | 1<<jpUnlock

func (s kindSet) has(k jpKind) bool { return s&(1<<k) != 0 }

// kindsOf is the set of join point kinds at which pointcut n can match,
// worked out once when it is compiled: matching a trace with many
// properties (`--props all`) then skips, without running the pointcut,
// every declaration that cannot match the current event — on a trace of
// reads, writes and locks, all the call-based ones. Nodes that only test
// a kind's attributes (target, args, if, holds, ...) say nothing about the
// kind; a negation can match any kind its operand does not force.
func kindsOf(n pcNode) kindSet {
	switch n := n.(type) {
	case *andNode:
		return kindsOf(n.l) & kindsOf(n.r)
	case *orNode:
		return kindsOf(n.l) | kindsOf(n.r)
	case *invocationNode:
		return 1 << jpInvocation
	case *fieldNode:
		if n.set {
			return 1 << jpSet
		}
		return 1 << jpGet
	case *lockNode:
		if n.unlock {
			return 1 << jpUnlock
		}
		return 1 << jpLock
	case volatileNode, *volatileNode:
		return 1<<jpGet | 1<<jpSet
	}
	return anyKind
}
