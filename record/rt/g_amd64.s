#include "textflag.h"

// func getg() unsafe.Pointer
TEXT ·getg(SB),NOSPLIT,$0-8
	MOVQ (TLS), AX
	MOVQ AX, ret+0(FP)
	RET

// func getfp() unsafe.Pointer: the frame pointer of the caller (this
// function has no frame of its own).
TEXT ·getfp(SB),NOSPLIT|NOFRAME,$0-8
	MOVQ BP, AX
	MOVQ AX, ret+0(FP)
	RET
