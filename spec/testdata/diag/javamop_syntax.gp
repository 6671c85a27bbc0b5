// want: javamop-syntax
package mop;

import java.util.*;

// The JavaMOP form of UnsafeIterator: every construct below is written
// differently in gpredict ("ere:" in a comment is not one of them).
full-binding UnsafeIterator(Collection c, Iterator i) {
	creation event create after(Collection c) returning(Iterator i) :
		call(Iterator Collection+.iterator()) && target(c) {}
	event updatesource after(Collection c) :
		(call(* Collection+.remove*(..)) || call(* Collection+.add*(..))) && target(c) {}
	event next before(Iterator i) :
		call(* Iterator.next()) && target(i) {}

	ere : create next* updatesource updatesource* next

	@match {
		System.out.println("improper concurrent modification found!");
	}
}
