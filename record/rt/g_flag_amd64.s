//go:build !race

#include "textflag.h"

// func storeFlag(p *uint32, v uint32): a plain store (rt_glock.go); x86
// keeps stores in order, so it is a release.
TEXT ·storeFlag(SB),NOSPLIT,$0-12
	MOVQ p+0(FP), AX
	MOVL v+8(FP), BX
	MOVL BX, (AX)
	RET
