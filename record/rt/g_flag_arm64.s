//go:build !race

#include "textflag.h"

// func storeFlag(p *uint32, v uint32): a store-release (rt_glock.go).
TEXT ·storeFlag(SB),NOSPLIT,$0-12
	MOVD p+0(FP), R0
	MOVWU v+8(FP), R1
	STLRW R1, (R0)
	RET
