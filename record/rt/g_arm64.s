#include "textflag.h"

// func getg() unsafe.Pointer
TEXT ·getg(SB),NOSPLIT,$0-8
	MOVD g, R0
	MOVD R0, ret+0(FP)
	RET

// func getfp() unsafe.Pointer: the frame pointer of the caller (this
// function has no frame of its own).
TEXT ·getfp(SB),NOSPLIT|NOFRAME,$0-8
	MOVD R29, R0
	MOVD R0, ret+0(FP)
	RET
