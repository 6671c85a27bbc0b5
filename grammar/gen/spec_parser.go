// Code generated from Spec.g4 by ANTLR 4.13.1. DO NOT EDIT.

package gen // Spec
import (
	"fmt"
	"strconv"
	"sync"

	"github.com/antlr4-go/antlr/v4"
)

// Suppress unused import errors
var _ = fmt.Printf
var _ = strconv.Itoa
var _ = sync.Once{}

type SpecParser struct {
	*antlr.BaseParser
}

var SpecParserStaticData struct {
	once                   sync.Once
	serializedATN          []int32
	LiteralNames           []string
	SymbolicNames          []string
	RuleNames              []string
	PredictionContextCache *antlr.PredictionContextCache
	atn                    *antlr.ATN
	decisionToDFA          []*antlr.DFA
}

func specParserInit() {
	staticData := &SpecParserStaticData
	staticData.LiteralNames = []string{
		"", "'event'", "'before'", "'after'", "'returning'", "'pattern'", "'call'",
		"'execution'", "'get'", "'set'", "'target'", "'args'", "'location'",
		"'lock'", "'unlock'", "'volatile'", "'within'", "'holds'", "'if'", "'null'",
		"'true'", "'false'", "'('", "')'", "'{'", "'}'", "'['", "']'", "','",
		"';'", "':'", "'..'", "'.'", "'||'", "'&&'", "'|'", "'&'", "'=='", "'!='",
		"'!'", "'*'", "'+'", "'?'", "'<'", "'>'",
	}
	staticData.SymbolicNames = []string{
		"", "EVENT", "BEFORE", "AFTER", "RETURNING", "PATTERN", "CALL", "EXECUTION",
		"GET", "SET", "TARGET", "ARGS", "LOCATION", "LOCK", "UNLOCK", "VOLATILE",
		"WITHIN", "HOLDS", "IF", "NULL", "TRUE", "FALSE", "LPAREN", "RPAREN",
		"LBRACE", "RBRACE", "LBRACK", "RBRACK", "COMMA", "SEMI", "COLON", "DOTDOT",
		"DOT", "OROR", "ANDAND", "PIPE", "AMP", "EQ", "NEQ", "BANG", "STAR",
		"PLUS", "QUESTION", "LT", "GT", "NUMBER", "STRING", "ID", "NAMEPAT",
		"LINE_COMMENT", "BLOCK_COMMENT", "WS",
	}
	staticData.RuleNames = []string{
		"file", "property", "paramList", "param", "typeName", "eventDecl", "advice",
		"patternDecl", "pointcut", "designator", "unknownName", "balanced",
		"argPattern", "sigPattern", "paramPattern", "fieldPattern", "typePattern",
		"namePattern", "expr", "literal", "regex", "rxAnd", "rxSeq", "rxPar",
		"rxUnary", "rxAtom", "quantifier", "rxAttrs", "rxMark", "ident",
	}
	staticData.PredictionContextCache = antlr.NewPredictionContextCache()
	staticData.serializedATN = []int32{
		4, 1, 51, 436, 2, 0, 7, 0, 2, 1, 7, 1, 2, 2, 7, 2, 2, 3, 7, 3, 2, 4, 7,
		4, 2, 5, 7, 5, 2, 6, 7, 6, 2, 7, 7, 7, 2, 8, 7, 8, 2, 9, 7, 9, 2, 10, 7,
		10, 2, 11, 7, 11, 2, 12, 7, 12, 2, 13, 7, 13, 2, 14, 7, 14, 2, 15, 7, 15,
		2, 16, 7, 16, 2, 17, 7, 17, 2, 18, 7, 18, 2, 19, 7, 19, 2, 20, 7, 20, 2,
		21, 7, 21, 2, 22, 7, 22, 2, 23, 7, 23, 2, 24, 7, 24, 2, 25, 7, 25, 2, 26,
		7, 26, 2, 27, 7, 27, 2, 28, 7, 28, 2, 29, 7, 29, 1, 0, 5, 0, 62, 8, 0,
		10, 0, 12, 0, 65, 9, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 3, 1, 72, 8, 1, 1,
		1, 1, 1, 1, 1, 5, 1, 77, 8, 1, 10, 1, 12, 1, 80, 9, 1, 1, 1, 1, 1, 1, 1,
		1, 2, 1, 2, 1, 2, 5, 2, 88, 8, 2, 10, 2, 12, 2, 91, 9, 2, 1, 3, 1, 3, 1,
		3, 1, 4, 1, 4, 1, 4, 5, 4, 99, 8, 4, 10, 4, 12, 4, 102, 9, 4, 1, 4, 1,
		4, 5, 4, 106, 8, 4, 10, 4, 12, 4, 109, 9, 4, 1, 5, 1, 5, 1, 5, 1, 5, 1,
		5, 1, 5, 1, 5, 1, 6, 1, 6, 1, 6, 3, 6, 121, 8, 6, 1, 6, 1, 6, 1, 6, 1,
		6, 3, 6, 127, 8, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 1, 6, 3, 6, 135, 8, 6,
		3, 6, 137, 8, 6, 1, 7, 1, 7, 1, 7, 1, 7, 3, 7, 143, 8, 7, 1, 8, 1, 8, 1,
		8, 1, 8, 1, 8, 1, 8, 1, 8, 1, 8, 3, 8, 153, 8, 8, 1, 8, 1, 8, 1, 8, 1,
		8, 1, 8, 1, 8, 5, 8, 161, 8, 8, 10, 8, 12, 8, 164, 9, 8, 1, 9, 1, 9, 1,
		9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1,
		9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1,
		9, 1, 9, 1, 9, 1, 9, 5, 9, 196, 8, 9, 10, 9, 12, 9, 199, 9, 9, 3, 9, 201,
		8, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9,
		1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9,
		1, 9, 1, 9, 5, 9, 228, 8, 9, 10, 9, 12, 9, 231, 9, 9, 3, 9, 233, 8, 9,
		1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 1, 9, 5, 9, 244, 8, 9,
		10, 9, 12, 9, 247, 9, 9, 1, 9, 1, 9, 3, 9, 251, 8, 9, 1, 10, 1, 10, 1,
		11, 1, 11, 5, 11, 257, 8, 11, 10, 11, 12, 11, 260, 9, 11, 1, 11, 1, 11,
		3, 11, 264, 8, 11, 1, 12, 1, 12, 1, 12, 3, 12, 269, 8, 12, 1, 13, 3, 13,
		272, 8, 13, 1, 13, 1, 13, 1, 13, 3, 13, 277, 8, 13, 1, 13, 1, 13, 1, 13,
		1, 13, 1, 13, 5, 13, 284, 8, 13, 10, 13, 12, 13, 287, 9, 13, 3, 13, 289,
		8, 13, 1, 13, 1, 13, 1, 14, 1, 14, 1, 14, 3, 14, 296, 8, 14, 3, 14, 298,
		8, 14, 1, 15, 3, 15, 301, 8, 15, 1, 15, 1, 15, 1, 15, 3, 15, 306, 8, 15,
		1, 15, 1, 15, 1, 16, 1, 16, 1, 16, 5, 16, 313, 8, 16, 10, 16, 12, 16, 316,
		9, 16, 1, 16, 3, 16, 319, 8, 16, 1, 16, 1, 16, 5, 16, 323, 8, 16, 10, 16,
		12, 16, 326, 9, 16, 1, 17, 1, 17, 1, 17, 3, 17, 331, 8, 17, 1, 18, 1, 18,
		1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 3, 18, 342, 8, 18, 1,
		18, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 1, 18,
		1, 18, 1, 18, 1, 18, 1, 18, 1, 18, 5, 18, 360, 8, 18, 10, 18, 12, 18, 363,
		9, 18, 1, 19, 1, 19, 1, 20, 1, 20, 1, 20, 5, 20, 370, 8, 20, 10, 20, 12,
		20, 373, 9, 20, 1, 21, 1, 21, 1, 21, 5, 21, 378, 8, 21, 10, 21, 12, 21,
		381, 9, 21, 1, 22, 4, 22, 384, 8, 22, 11, 22, 12, 22, 385, 1, 23, 1, 23,
		1, 23, 5, 23, 391, 8, 23, 10, 23, 12, 23, 394, 9, 23, 1, 24, 1, 24, 1,
		24, 1, 24, 5, 24, 400, 8, 24, 10, 24, 12, 24, 403, 9, 24, 3, 24, 405, 8,
		24, 1, 25, 1, 25, 1, 25, 1, 25, 1, 25, 3, 25, 412, 8, 25, 1, 25, 1, 25,
		1, 25, 1, 25, 1, 25, 3, 25, 419, 8, 25, 1, 26, 1, 26, 1, 27, 1, 27, 1,
		27, 3, 27, 426, 8, 27, 1, 27, 3, 27, 429, 8, 27, 1, 28, 1, 28, 1, 28, 1,
		29, 1, 29, 1, 29, 0, 2, 16, 36, 30, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18,
		20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54,
		56, 58, 0, 7, 2, 0, 1, 5, 47, 47, 2, 0, 22, 25, 29, 29, 1, 0, 37, 38, 2,
		0, 19, 21, 45, 46, 1, 0, 40, 42, 1, 0, 43, 44, 2, 0, 1, 18, 47, 47, 473,
		0, 63, 1, 0, 0, 0, 2, 68, 1, 0, 0, 0, 4, 84, 1, 0, 0, 0, 6, 92, 1, 0, 0,
		0, 8, 95, 1, 0, 0, 0, 10, 110, 1, 0, 0, 0, 12, 136, 1, 0, 0, 0, 14, 138,
		1, 0, 0, 0, 16, 152, 1, 0, 0, 0, 18, 250, 1, 0, 0, 0, 20, 252, 1, 0, 0,
		0, 22, 263, 1, 0, 0, 0, 24, 268, 1, 0, 0, 0, 26, 271, 1, 0, 0, 0, 28, 297,
		1, 0, 0, 0, 30, 300, 1, 0, 0, 0, 32, 309, 1, 0, 0, 0, 34, 330, 1, 0, 0,
		0, 36, 341, 1, 0, 0, 0, 38, 364, 1, 0, 0, 0, 40, 366, 1, 0, 0, 0, 42, 374,
		1, 0, 0, 0, 44, 383, 1, 0, 0, 0, 46, 387, 1, 0, 0, 0, 48, 404, 1, 0, 0,
		0, 50, 418, 1, 0, 0, 0, 52, 420, 1, 0, 0, 0, 54, 428, 1, 0, 0, 0, 56, 430,
		1, 0, 0, 0, 58, 433, 1, 0, 0, 0, 60, 62, 3, 2, 1, 0, 61, 60, 1, 0, 0, 0,
		62, 65, 1, 0, 0, 0, 63, 61, 1, 0, 0, 0, 63, 64, 1, 0, 0, 0, 64, 66, 1,
		0, 0, 0, 65, 63, 1, 0, 0, 0, 66, 67, 5, 0, 0, 1, 67, 1, 1, 0, 0, 0, 68,
		69, 3, 58, 29, 0, 69, 71, 5, 22, 0, 0, 70, 72, 3, 4, 2, 0, 71, 70, 1, 0,
		0, 0, 71, 72, 1, 0, 0, 0, 72, 73, 1, 0, 0, 0, 73, 74, 5, 23, 0, 0, 74,
		78, 5, 24, 0, 0, 75, 77, 3, 10, 5, 0, 76, 75, 1, 0, 0, 0, 77, 80, 1, 0,
		0, 0, 78, 76, 1, 0, 0, 0, 78, 79, 1, 0, 0, 0, 79, 81, 1, 0, 0, 0, 80, 78,
		1, 0, 0, 0, 81, 82, 3, 14, 7, 0, 82, 83, 5, 25, 0, 0, 83, 3, 1, 0, 0, 0,
		84, 89, 3, 6, 3, 0, 85, 86, 5, 28, 0, 0, 86, 88, 3, 6, 3, 0, 87, 85, 1,
		0, 0, 0, 88, 91, 1, 0, 0, 0, 89, 87, 1, 0, 0, 0, 89, 90, 1, 0, 0, 0, 90,
		5, 1, 0, 0, 0, 91, 89, 1, 0, 0, 0, 92, 93, 3, 8, 4, 0, 93, 94, 3, 58, 29,
		0, 94, 7, 1, 0, 0, 0, 95, 100, 3, 58, 29, 0, 96, 97, 5, 32, 0, 0, 97, 99,
		3, 58, 29, 0, 98, 96, 1, 0, 0, 0, 99, 102, 1, 0, 0, 0, 100, 98, 1, 0, 0,
		0, 100, 101, 1, 0, 0, 0, 101, 107, 1, 0, 0, 0, 102, 100, 1, 0, 0, 0, 103,
		104, 5, 26, 0, 0, 104, 106, 5, 27, 0, 0, 105, 103, 1, 0, 0, 0, 106, 109,
		1, 0, 0, 0, 107, 105, 1, 0, 0, 0, 107, 108, 1, 0, 0, 0, 108, 9, 1, 0, 0,
		0, 109, 107, 1, 0, 0, 0, 110, 111, 5, 1, 0, 0, 111, 112, 3, 58, 29, 0,
		112, 113, 3, 12, 6, 0, 113, 114, 5, 30, 0, 0, 114, 115, 3, 16, 8, 0, 115,
		116, 5, 29, 0, 0, 116, 11, 1, 0, 0, 0, 117, 118, 5, 2, 0, 0, 118, 120,
		5, 22, 0, 0, 119, 121, 3, 4, 2, 0, 120, 119, 1, 0, 0, 0, 120, 121, 1, 0,
		0, 0, 121, 122, 1, 0, 0, 0, 122, 137, 5, 23, 0, 0, 123, 124, 5, 3, 0, 0,
		124, 126, 5, 22, 0, 0, 125, 127, 3, 4, 2, 0, 126, 125, 1, 0, 0, 0, 126,
		127, 1, 0, 0, 0, 127, 128, 1, 0, 0, 0, 128, 134, 5, 23, 0, 0, 129, 130,
		5, 4, 0, 0, 130, 131, 5, 22, 0, 0, 131, 132, 3, 6, 3, 0, 132, 133, 5, 23,
		0, 0, 133, 135, 1, 0, 0, 0, 134, 129, 1, 0, 0, 0, 134, 135, 1, 0, 0, 0,
		135, 137, 1, 0, 0, 0, 136, 117, 1, 0, 0, 0, 136, 123, 1, 0, 0, 0, 137,
		13, 1, 0, 0, 0, 138, 139, 5, 5, 0, 0, 139, 140, 5, 30, 0, 0, 140, 142,
		3, 40, 20, 0, 141, 143, 5, 29, 0, 0, 142, 141, 1, 0, 0, 0, 142, 143, 1,
		0, 0, 0, 143, 15, 1, 0, 0, 0, 144, 145, 6, 8, -1, 0, 145, 146, 5, 39, 0,
		0, 146, 153, 3, 16, 8, 5, 147, 148, 5, 22, 0, 0, 148, 149, 3, 16, 8, 0,
		149, 150, 5, 23, 0, 0, 150, 153, 1, 0, 0, 0, 151, 153, 3, 18, 9, 0, 152,
		144, 1, 0, 0, 0, 152, 147, 1, 0, 0, 0, 152, 151, 1, 0, 0, 0, 153, 162,
		1, 0, 0, 0, 154, 155, 10, 4, 0, 0, 155, 156, 5, 34, 0, 0, 156, 161, 3,
		16, 8, 5, 157, 158, 10, 3, 0, 0, 158, 159, 5, 33, 0, 0, 159, 161, 3, 16,
		8, 4, 160, 154, 1, 0, 0, 0, 160, 157, 1, 0, 0, 0, 161, 164, 1, 0, 0, 0,
		162, 160, 1, 0, 0, 0, 162, 163, 1, 0, 0, 0, 163, 17, 1, 0, 0, 0, 164, 162,
		1, 0, 0, 0, 165, 166, 5, 6, 0, 0, 166, 167, 5, 22, 0, 0, 167, 168, 3, 26,
		13, 0, 168, 169, 5, 23, 0, 0, 169, 251, 1, 0, 0, 0, 170, 171, 5, 7, 0,
		0, 171, 172, 5, 22, 0, 0, 172, 173, 3, 26, 13, 0, 173, 174, 5, 23, 0, 0,
		174, 251, 1, 0, 0, 0, 175, 176, 5, 8, 0, 0, 176, 177, 5, 22, 0, 0, 177,
		178, 3, 30, 15, 0, 178, 179, 5, 23, 0, 0, 179, 251, 1, 0, 0, 0, 180, 181,
		5, 9, 0, 0, 181, 182, 5, 22, 0, 0, 182, 183, 3, 30, 15, 0, 183, 184, 5,
		23, 0, 0, 184, 251, 1, 0, 0, 0, 185, 186, 5, 10, 0, 0, 186, 187, 5, 22,
		0, 0, 187, 188, 3, 58, 29, 0, 188, 189, 5, 23, 0, 0, 189, 251, 1, 0, 0,
		0, 190, 191, 5, 11, 0, 0, 191, 200, 5, 22, 0, 0, 192, 197, 3, 24, 12, 0,
		193, 194, 5, 28, 0, 0, 194, 196, 3, 24, 12, 0, 195, 193, 1, 0, 0, 0, 196,
		199, 1, 0, 0, 0, 197, 195, 1, 0, 0, 0, 197, 198, 1, 0, 0, 0, 198, 201,
		1, 0, 0, 0, 199, 197, 1, 0, 0, 0, 200, 192, 1, 0, 0, 0, 200, 201, 1, 0,
		0, 0, 201, 202, 1, 0, 0, 0, 202, 251, 5, 23, 0, 0, 203, 204, 5, 12, 0,
		0, 204, 205, 5, 22, 0, 0, 205, 206, 3, 58, 29, 0, 206, 207, 5, 23, 0, 0,
		207, 251, 1, 0, 0, 0, 208, 209, 5, 13, 0, 0, 209, 210, 5, 22, 0, 0, 210,
		251, 5, 23, 0, 0, 211, 212, 5, 14, 0, 0, 212, 213, 5, 22, 0, 0, 213, 251,
		5, 23, 0, 0, 214, 215, 5, 15, 0, 0, 215, 216, 5, 22, 0, 0, 216, 251, 5,
		23, 0, 0, 217, 218, 5, 16, 0, 0, 218, 219, 5, 22, 0, 0, 219, 220, 3, 32,
		16, 0, 220, 221, 5, 23, 0, 0, 221, 251, 1, 0, 0, 0, 222, 223, 5, 17, 0,
		0, 223, 232, 5, 22, 0, 0, 224, 229, 3, 24, 12, 0, 225, 226, 5, 28, 0, 0,
		226, 228, 3, 24, 12, 0, 227, 225, 1, 0, 0, 0, 228, 231, 1, 0, 0, 0, 229,
		227, 1, 0, 0, 0, 229, 230, 1, 0, 0, 0, 230, 233, 1, 0, 0, 0, 231, 229,
		1, 0, 0, 0, 232, 224, 1, 0, 0, 0, 232, 233, 1, 0, 0, 0, 233, 234, 1, 0,
		0, 0, 234, 251, 5, 23, 0, 0, 235, 236, 5, 18, 0, 0, 236, 237, 5, 22, 0,
		0, 237, 238, 3, 36, 18, 0, 238, 239, 5, 23, 0, 0, 239, 251, 1, 0, 0, 0,
		240, 241, 3, 20, 10, 0, 241, 245, 5, 22, 0, 0, 242, 244, 3, 22, 11, 0,
		243, 242, 1, 0, 0, 0, 244, 247, 1, 0, 0, 0, 245, 243, 1, 0, 0, 0, 245,
		246, 1, 0, 0, 0, 246, 248, 1, 0, 0, 0, 247, 245, 1, 0, 0, 0, 248, 249,
		5, 23, 0, 0, 249, 251, 1, 0, 0, 0, 250, 165, 1, 0, 0, 0, 250, 170, 1, 0,
		0, 0, 250, 175, 1, 0, 0, 0, 250, 180, 1, 0, 0, 0, 250, 185, 1, 0, 0, 0,
		250, 190, 1, 0, 0, 0, 250, 203, 1, 0, 0, 0, 250, 208, 1, 0, 0, 0, 250,
		211, 1, 0, 0, 0, 250, 214, 1, 0, 0, 0, 250, 217, 1, 0, 0, 0, 250, 222,
		1, 0, 0, 0, 250, 235, 1, 0, 0, 0, 250, 240, 1, 0, 0, 0, 251, 19, 1, 0,
		0, 0, 252, 253, 7, 0, 0, 0, 253, 21, 1, 0, 0, 0, 254, 258, 5, 22, 0, 0,
		255, 257, 3, 22, 11, 0, 256, 255, 1, 0, 0, 0, 257, 260, 1, 0, 0, 0, 258,
		256, 1, 0, 0, 0, 258, 259, 1, 0, 0, 0, 259, 261, 1, 0, 0, 0, 260, 258,
		1, 0, 0, 0, 261, 264, 5, 23, 0, 0, 262, 264, 8, 1, 0, 0, 263, 254, 1, 0,
		0, 0, 263, 262, 1, 0, 0, 0, 264, 23, 1, 0, 0, 0, 265, 269, 3, 58, 29, 0,
		266, 269, 5, 40, 0, 0, 267, 269, 5, 31, 0, 0, 268, 265, 1, 0, 0, 0, 268,
		266, 1, 0, 0, 0, 268, 267, 1, 0, 0, 0, 269, 25, 1, 0, 0, 0, 270, 272, 3,
		32, 16, 0, 271, 270, 1, 0, 0, 0, 271, 272, 1, 0, 0, 0, 272, 276, 1, 0,
		0, 0, 273, 274, 3, 32, 16, 0, 274, 275, 5, 32, 0, 0, 275, 277, 1, 0, 0,
		0, 276, 273, 1, 0, 0, 0, 276, 277, 1, 0, 0, 0, 277, 278, 1, 0, 0, 0, 278,
		279, 3, 34, 17, 0, 279, 288, 5, 22, 0, 0, 280, 285, 3, 28, 14, 0, 281,
		282, 5, 28, 0, 0, 282, 284, 3, 28, 14, 0, 283, 281, 1, 0, 0, 0, 284, 287,
		1, 0, 0, 0, 285, 283, 1, 0, 0, 0, 285, 286, 1, 0, 0, 0, 286, 289, 1, 0,
		0, 0, 287, 285, 1, 0, 0, 0, 288, 280, 1, 0, 0, 0, 288, 289, 1, 0, 0, 0,
		289, 290, 1, 0, 0, 0, 290, 291, 5, 23, 0, 0, 291, 27, 1, 0, 0, 0, 292,
		298, 5, 31, 0, 0, 293, 295, 3, 32, 16, 0, 294, 296, 3, 58, 29, 0, 295,
		294, 1, 0, 0, 0, 295, 296, 1, 0, 0, 0, 296, 298, 1, 0, 0, 0, 297, 292,
		1, 0, 0, 0, 297, 293, 1, 0, 0, 0, 298, 29, 1, 0, 0, 0, 299, 301, 3, 32,
		16, 0, 300, 299, 1, 0, 0, 0, 300, 301, 1, 0, 0, 0, 301, 305, 1, 0, 0, 0,
		302, 303, 3, 32, 16, 0, 303, 304, 5, 32, 0, 0, 304, 306, 1, 0, 0, 0, 305,
		302, 1, 0, 0, 0, 305, 306, 1, 0, 0, 0, 306, 307, 1, 0, 0, 0, 307, 308,
		3, 34, 17, 0, 308, 31, 1, 0, 0, 0, 309, 314, 3, 34, 17, 0, 310, 311, 5,
		32, 0, 0, 311, 313, 3, 34, 17, 0, 312, 310, 1, 0, 0, 0, 313, 316, 1, 0,
		0, 0, 314, 312, 1, 0, 0, 0, 314, 315, 1, 0, 0, 0, 315, 318, 1, 0, 0, 0,
		316, 314, 1, 0, 0, 0, 317, 319, 5, 41, 0, 0, 318, 317, 1, 0, 0, 0, 318,
		319, 1, 0, 0, 0, 319, 324, 1, 0, 0, 0, 320, 321, 5, 26, 0, 0, 321, 323,
		5, 27, 0, 0, 322, 320, 1, 0, 0, 0, 323, 326, 1, 0, 0, 0, 324, 322, 1, 0,
		0, 0, 324, 325, 1, 0, 0, 0, 325, 33, 1, 0, 0, 0, 326, 324, 1, 0, 0, 0,
		327, 331, 3, 58, 29, 0, 328, 331, 5, 40, 0, 0, 329, 331, 5, 48, 0, 0, 330,
		327, 1, 0, 0, 0, 330, 328, 1, 0, 0, 0, 330, 329, 1, 0, 0, 0, 331, 35, 1,
		0, 0, 0, 332, 333, 6, 18, -1, 0, 333, 334, 5, 39, 0, 0, 334, 342, 3, 36,
		18, 7, 335, 336, 5, 22, 0, 0, 336, 337, 3, 36, 18, 0, 337, 338, 5, 23,
		0, 0, 338, 342, 1, 0, 0, 0, 339, 342, 3, 38, 19, 0, 340, 342, 3, 58, 29,
		0, 341, 332, 1, 0, 0, 0, 341, 335, 1, 0, 0, 0, 341, 339, 1, 0, 0, 0, 341,
		340, 1, 0, 0, 0, 342, 361, 1, 0, 0, 0, 343, 344, 10, 6, 0, 0, 344, 345,
		7, 2, 0, 0, 345, 360, 3, 36, 18, 7, 346, 347, 10, 5, 0, 0, 347, 348, 5,
		34, 0, 0, 348, 360, 3, 36, 18, 6, 349, 350, 10, 4, 0, 0, 350, 351, 5, 33,
		0, 0, 351, 360, 3, 36, 18, 5, 352, 353, 10, 8, 0, 0, 353, 354, 5, 32, 0,
		0, 354, 355, 3, 58, 29, 0, 355, 356, 5, 22, 0, 0, 356, 357, 3, 36, 18,
		0, 357, 358, 5, 23, 0, 0, 358, 360, 1, 0, 0, 0, 359, 343, 1, 0, 0, 0, 359,
		346, 1, 0, 0, 0, 359, 349, 1, 0, 0, 0, 359, 352, 1, 0, 0, 0, 360, 363,
		1, 0, 0, 0, 361, 359, 1, 0, 0, 0, 361, 362, 1, 0, 0, 0, 362, 37, 1, 0,
		0, 0, 363, 361, 1, 0, 0, 0, 364, 365, 7, 3, 0, 0, 365, 39, 1, 0, 0, 0,
		366, 371, 3, 42, 21, 0, 367, 368, 5, 35, 0, 0, 368, 370, 3, 42, 21, 0,
		369, 367, 1, 0, 0, 0, 370, 373, 1, 0, 0, 0, 371, 369, 1, 0, 0, 0, 371,
		372, 1, 0, 0, 0, 372, 41, 1, 0, 0, 0, 373, 371, 1, 0, 0, 0, 374, 379, 3,
		44, 22, 0, 375, 376, 5, 36, 0, 0, 376, 378, 3, 44, 22, 0, 377, 375, 1,
		0, 0, 0, 378, 381, 1, 0, 0, 0, 379, 377, 1, 0, 0, 0, 379, 380, 1, 0, 0,
		0, 380, 43, 1, 0, 0, 0, 381, 379, 1, 0, 0, 0, 382, 384, 3, 46, 23, 0, 383,
		382, 1, 0, 0, 0, 384, 385, 1, 0, 0, 0, 385, 383, 1, 0, 0, 0, 385, 386,
		1, 0, 0, 0, 386, 45, 1, 0, 0, 0, 387, 392, 3, 48, 24, 0, 388, 389, 5, 33,
		0, 0, 389, 391, 3, 48, 24, 0, 390, 388, 1, 0, 0, 0, 391, 394, 1, 0, 0,
		0, 392, 390, 1, 0, 0, 0, 392, 393, 1, 0, 0, 0, 393, 47, 1, 0, 0, 0, 394,
		392, 1, 0, 0, 0, 395, 396, 5, 39, 0, 0, 396, 405, 3, 48, 24, 0, 397, 401,
		3, 50, 25, 0, 398, 400, 3, 52, 26, 0, 399, 398, 1, 0, 0, 0, 400, 403, 1,
		0, 0, 0, 401, 399, 1, 0, 0, 0, 401, 402, 1, 0, 0, 0, 402, 405, 1, 0, 0,
		0, 403, 401, 1, 0, 0, 0, 404, 395, 1, 0, 0, 0, 404, 397, 1, 0, 0, 0, 405,
		49, 1, 0, 0, 0, 406, 411, 3, 58, 29, 0, 407, 408, 5, 22, 0, 0, 408, 409,
		3, 54, 27, 0, 409, 410, 5, 23, 0, 0, 410, 412, 1, 0, 0, 0, 411, 407, 1,
		0, 0, 0, 411, 412, 1, 0, 0, 0, 412, 419, 1, 0, 0, 0, 413, 419, 5, 48, 0,
		0, 414, 415, 5, 22, 0, 0, 415, 416, 3, 40, 20, 0, 416, 417, 5, 23, 0, 0,
		417, 419, 1, 0, 0, 0, 418, 406, 1, 0, 0, 0, 418, 413, 1, 0, 0, 0, 418,
		414, 1, 0, 0, 0, 419, 51, 1, 0, 0, 0, 420, 421, 7, 4, 0, 0, 421, 53, 1,
		0, 0, 0, 422, 425, 3, 58, 29, 0, 423, 424, 5, 28, 0, 0, 424, 426, 3, 56,
		28, 0, 425, 423, 1, 0, 0, 0, 425, 426, 1, 0, 0, 0, 426, 429, 1, 0, 0, 0,
		427, 429, 3, 56, 28, 0, 428, 422, 1, 0, 0, 0, 428, 427, 1, 0, 0, 0, 429,
		55, 1, 0, 0, 0, 430, 431, 7, 5, 0, 0, 431, 432, 3, 58, 29, 0, 432, 57,
		1, 0, 0, 0, 433, 434, 7, 6, 0, 0, 434, 59, 1, 0, 0, 0, 48, 63, 71, 78,
		89, 100, 107, 120, 126, 134, 136, 142, 152, 160, 162, 197, 200, 229, 232,
		245, 250, 258, 263, 268, 271, 276, 285, 288, 295, 297, 300, 305, 314, 318,
		324, 330, 341, 359, 361, 371, 379, 385, 392, 401, 404, 411, 418, 425, 428,
	}
	deserializer := antlr.NewATNDeserializer(nil)
	staticData.atn = deserializer.Deserialize(staticData.serializedATN)
	atn := staticData.atn
	staticData.decisionToDFA = make([]*antlr.DFA, len(atn.DecisionToState))
	decisionToDFA := staticData.decisionToDFA
	for index, state := range atn.DecisionToState {
		decisionToDFA[index] = antlr.NewDFA(state, index)
	}
}

// SpecParserInit initializes any static state used to implement SpecParser. By default the
// static state used to implement the parser is lazily initialized during the first call to
// NewSpecParser(). You can call this function if you wish to initialize the static state ahead
// of time.
func SpecParserInit() {
	staticData := &SpecParserStaticData
	staticData.once.Do(specParserInit)
}

// NewSpecParser produces a new parser instance for the optional input antlr.TokenStream.
func NewSpecParser(input antlr.TokenStream) *SpecParser {
	SpecParserInit()
	this := new(SpecParser)
	this.BaseParser = antlr.NewBaseParser(input)
	staticData := &SpecParserStaticData
	this.Interpreter = antlr.NewParserATNSimulator(this, staticData.atn, staticData.decisionToDFA, staticData.PredictionContextCache)
	this.RuleNames = staticData.RuleNames
	this.LiteralNames = staticData.LiteralNames
	this.SymbolicNames = staticData.SymbolicNames
	this.GrammarFileName = "Spec.g4"

	return this
}

// SpecParser tokens.
const (
	SpecParserEOF           = antlr.TokenEOF
	SpecParserEVENT         = 1
	SpecParserBEFORE        = 2
	SpecParserAFTER         = 3
	SpecParserRETURNING     = 4
	SpecParserPATTERN       = 5
	SpecParserCALL          = 6
	SpecParserEXECUTION     = 7
	SpecParserGET           = 8
	SpecParserSET           = 9
	SpecParserTARGET        = 10
	SpecParserARGS          = 11
	SpecParserLOCATION      = 12
	SpecParserLOCK          = 13
	SpecParserUNLOCK        = 14
	SpecParserVOLATILE      = 15
	SpecParserWITHIN        = 16
	SpecParserHOLDS         = 17
	SpecParserIF            = 18
	SpecParserNULL          = 19
	SpecParserTRUE          = 20
	SpecParserFALSE         = 21
	SpecParserLPAREN        = 22
	SpecParserRPAREN        = 23
	SpecParserLBRACE        = 24
	SpecParserRBRACE        = 25
	SpecParserLBRACK        = 26
	SpecParserRBRACK        = 27
	SpecParserCOMMA         = 28
	SpecParserSEMI          = 29
	SpecParserCOLON         = 30
	SpecParserDOTDOT        = 31
	SpecParserDOT           = 32
	SpecParserOROR          = 33
	SpecParserANDAND        = 34
	SpecParserPIPE          = 35
	SpecParserAMP           = 36
	SpecParserEQ            = 37
	SpecParserNEQ           = 38
	SpecParserBANG          = 39
	SpecParserSTAR          = 40
	SpecParserPLUS          = 41
	SpecParserQUESTION      = 42
	SpecParserLT            = 43
	SpecParserGT            = 44
	SpecParserNUMBER        = 45
	SpecParserSTRING        = 46
	SpecParserID            = 47
	SpecParserNAMEPAT       = 48
	SpecParserLINE_COMMENT  = 49
	SpecParserBLOCK_COMMENT = 50
	SpecParserWS            = 51
)

// SpecParser rules.
const (
	SpecParserRULE_file         = 0
	SpecParserRULE_property     = 1
	SpecParserRULE_paramList    = 2
	SpecParserRULE_param        = 3
	SpecParserRULE_typeName     = 4
	SpecParserRULE_eventDecl    = 5
	SpecParserRULE_advice       = 6
	SpecParserRULE_patternDecl  = 7
	SpecParserRULE_pointcut     = 8
	SpecParserRULE_designator   = 9
	SpecParserRULE_unknownName  = 10
	SpecParserRULE_balanced     = 11
	SpecParserRULE_argPattern   = 12
	SpecParserRULE_sigPattern   = 13
	SpecParserRULE_paramPattern = 14
	SpecParserRULE_fieldPattern = 15
	SpecParserRULE_typePattern  = 16
	SpecParserRULE_namePattern  = 17
	SpecParserRULE_expr         = 18
	SpecParserRULE_literal      = 19
	SpecParserRULE_regex        = 20
	SpecParserRULE_rxAnd        = 21
	SpecParserRULE_rxSeq        = 22
	SpecParserRULE_rxPar        = 23
	SpecParserRULE_rxUnary      = 24
	SpecParserRULE_rxAtom       = 25
	SpecParserRULE_quantifier   = 26
	SpecParserRULE_rxAttrs      = 27
	SpecParserRULE_rxMark       = 28
	SpecParserRULE_ident        = 29
)

// IFileContext is an interface to support dynamic dispatch.
type IFileContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	EOF() antlr.TerminalNode
	AllProperty() []IPropertyContext
	Property(i int) IPropertyContext

	// IsFileContext differentiates from other interfaces.
	IsFileContext()
}

type FileContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyFileContext() *FileContext {
	var p = new(FileContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_file
	return p
}

func InitEmptyFileContext(p *FileContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_file
}

func (*FileContext) IsFileContext() {}

func NewFileContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *FileContext {
	var p = new(FileContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_file

	return p
}

func (s *FileContext) GetParser() antlr.Parser { return s.parser }

func (s *FileContext) EOF() antlr.TerminalNode {
	return s.GetToken(SpecParserEOF, 0)
}

func (s *FileContext) AllProperty() []IPropertyContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IPropertyContext); ok {
			len++
		}
	}

	tst := make([]IPropertyContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IPropertyContext); ok {
			tst[i] = t.(IPropertyContext)
			i++
		}
	}

	return tst
}

func (s *FileContext) Property(i int) IPropertyContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPropertyContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPropertyContext)
}

func (s *FileContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *FileContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *FileContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterFile(s)
	}
}

func (s *FileContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitFile(s)
	}
}

func (s *FileContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitFile(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) File() (localctx IFileContext) {
	localctx = NewFileContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 0, SpecParserRULE_file)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(63)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&140737488879614) != 0 {
		{
			p.SetState(60)
			p.Property()
		}

		p.SetState(65)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(66)
		p.Match(SpecParserEOF)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IPropertyContext is an interface to support dynamic dispatch.
type IPropertyContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetName returns the name rule contexts.
	GetName() IIdentContext

	// SetName sets the name rule contexts.
	SetName(IIdentContext)

	// Getter signatures
	LPAREN() antlr.TerminalNode
	RPAREN() antlr.TerminalNode
	LBRACE() antlr.TerminalNode
	PatternDecl() IPatternDeclContext
	RBRACE() antlr.TerminalNode
	Ident() IIdentContext
	ParamList() IParamListContext
	AllEventDecl() []IEventDeclContext
	EventDecl(i int) IEventDeclContext

	// IsPropertyContext differentiates from other interfaces.
	IsPropertyContext()
}

type PropertyContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
	name   IIdentContext
}

func NewEmptyPropertyContext() *PropertyContext {
	var p = new(PropertyContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_property
	return p
}

func InitEmptyPropertyContext(p *PropertyContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_property
}

func (*PropertyContext) IsPropertyContext() {}

func NewPropertyContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *PropertyContext {
	var p = new(PropertyContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_property

	return p
}

func (s *PropertyContext) GetParser() antlr.Parser { return s.parser }

func (s *PropertyContext) GetName() IIdentContext { return s.name }

func (s *PropertyContext) SetName(v IIdentContext) { s.name = v }

func (s *PropertyContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *PropertyContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *PropertyContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(SpecParserLBRACE, 0)
}

func (s *PropertyContext) PatternDecl() IPatternDeclContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPatternDeclContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPatternDeclContext)
}

func (s *PropertyContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(SpecParserRBRACE, 0)
}

func (s *PropertyContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *PropertyContext) ParamList() IParamListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParamListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParamListContext)
}

func (s *PropertyContext) AllEventDecl() []IEventDeclContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IEventDeclContext); ok {
			len++
		}
	}

	tst := make([]IEventDeclContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IEventDeclContext); ok {
			tst[i] = t.(IEventDeclContext)
			i++
		}
	}

	return tst
}

func (s *PropertyContext) EventDecl(i int) IEventDeclContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IEventDeclContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IEventDeclContext)
}

func (s *PropertyContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PropertyContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *PropertyContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterProperty(s)
	}
}

func (s *PropertyContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitProperty(s)
	}
}

func (s *PropertyContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitProperty(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Property() (localctx IPropertyContext) {
	localctx = NewPropertyContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 2, SpecParserRULE_property)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(68)

		var _x = p.Ident()

		localctx.(*PropertyContext).name = _x
	}
	{
		p.SetState(69)
		p.Match(SpecParserLPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(71)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&140737488879614) != 0 {
		{
			p.SetState(70)
			p.ParamList()
		}

	}
	{
		p.SetState(73)
		p.Match(SpecParserRPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(74)
		p.Match(SpecParserLBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(78)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == SpecParserEVENT {
		{
			p.SetState(75)
			p.EventDecl()
		}

		p.SetState(80)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	{
		p.SetState(81)
		p.PatternDecl()
	}
	{
		p.SetState(82)
		p.Match(SpecParserRBRACE)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IParamListContext is an interface to support dynamic dispatch.
type IParamListContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllParam() []IParamContext
	Param(i int) IParamContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsParamListContext differentiates from other interfaces.
	IsParamListContext()
}

type ParamListContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyParamListContext() *ParamListContext {
	var p = new(ParamListContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_paramList
	return p
}

func InitEmptyParamListContext(p *ParamListContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_paramList
}

func (*ParamListContext) IsParamListContext() {}

func NewParamListContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ParamListContext {
	var p = new(ParamListContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_paramList

	return p
}

func (s *ParamListContext) GetParser() antlr.Parser { return s.parser }

func (s *ParamListContext) AllParam() []IParamContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IParamContext); ok {
			len++
		}
	}

	tst := make([]IParamContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IParamContext); ok {
			tst[i] = t.(IParamContext)
			i++
		}
	}

	return tst
}

func (s *ParamListContext) Param(i int) IParamContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParamContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParamContext)
}

func (s *ParamListContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(SpecParserCOMMA)
}

func (s *ParamListContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserCOMMA, i)
}

func (s *ParamListContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParamListContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ParamListContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterParamList(s)
	}
}

func (s *ParamListContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitParamList(s)
	}
}

func (s *ParamListContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitParamList(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) ParamList() (localctx IParamListContext) {
	localctx = NewParamListContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 4, SpecParserRULE_paramList)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(84)
		p.Param()
	}
	p.SetState(89)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == SpecParserCOMMA {
		{
			p.SetState(85)
			p.Match(SpecParserCOMMA)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(86)
			p.Param()
		}

		p.SetState(91)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IParamContext is an interface to support dynamic dispatch.
type IParamContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	TypeName() ITypeNameContext
	Ident() IIdentContext

	// IsParamContext differentiates from other interfaces.
	IsParamContext()
}

type ParamContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyParamContext() *ParamContext {
	var p = new(ParamContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_param
	return p
}

func InitEmptyParamContext(p *ParamContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_param
}

func (*ParamContext) IsParamContext() {}

func NewParamContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ParamContext {
	var p = new(ParamContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_param

	return p
}

func (s *ParamContext) GetParser() antlr.Parser { return s.parser }

func (s *ParamContext) TypeName() ITypeNameContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypeNameContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypeNameContext)
}

func (s *ParamContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *ParamContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParamContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *ParamContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterParam(s)
	}
}

func (s *ParamContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitParam(s)
	}
}

func (s *ParamContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitParam(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Param() (localctx IParamContext) {
	localctx = NewParamContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 6, SpecParserRULE_param)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(92)
		p.TypeName()
	}
	{
		p.SetState(93)
		p.Ident()
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// ITypeNameContext is an interface to support dynamic dispatch.
type ITypeNameContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllIdent() []IIdentContext
	Ident(i int) IIdentContext
	AllDOT() []antlr.TerminalNode
	DOT(i int) antlr.TerminalNode
	AllLBRACK() []antlr.TerminalNode
	LBRACK(i int) antlr.TerminalNode
	AllRBRACK() []antlr.TerminalNode
	RBRACK(i int) antlr.TerminalNode

	// IsTypeNameContext differentiates from other interfaces.
	IsTypeNameContext()
}

type TypeNameContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTypeNameContext() *TypeNameContext {
	var p = new(TypeNameContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_typeName
	return p
}

func InitEmptyTypeNameContext(p *TypeNameContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_typeName
}

func (*TypeNameContext) IsTypeNameContext() {}

func NewTypeNameContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TypeNameContext {
	var p = new(TypeNameContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_typeName

	return p
}

func (s *TypeNameContext) GetParser() antlr.Parser { return s.parser }

func (s *TypeNameContext) AllIdent() []IIdentContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IIdentContext); ok {
			len++
		}
	}

	tst := make([]IIdentContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IIdentContext); ok {
			tst[i] = t.(IIdentContext)
			i++
		}
	}

	return tst
}

func (s *TypeNameContext) Ident(i int) IIdentContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *TypeNameContext) AllDOT() []antlr.TerminalNode {
	return s.GetTokens(SpecParserDOT)
}

func (s *TypeNameContext) DOT(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserDOT, i)
}

func (s *TypeNameContext) AllLBRACK() []antlr.TerminalNode {
	return s.GetTokens(SpecParserLBRACK)
}

func (s *TypeNameContext) LBRACK(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserLBRACK, i)
}

func (s *TypeNameContext) AllRBRACK() []antlr.TerminalNode {
	return s.GetTokens(SpecParserRBRACK)
}

func (s *TypeNameContext) RBRACK(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserRBRACK, i)
}

func (s *TypeNameContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TypeNameContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *TypeNameContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterTypeName(s)
	}
}

func (s *TypeNameContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitTypeName(s)
	}
}

func (s *TypeNameContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitTypeName(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) TypeName() (localctx ITypeNameContext) {
	localctx = NewTypeNameContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 8, SpecParserRULE_typeName)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(95)
		p.Ident()
	}
	p.SetState(100)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == SpecParserDOT {
		{
			p.SetState(96)
			p.Match(SpecParserDOT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(97)
			p.Ident()
		}

		p.SetState(102)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}
	p.SetState(107)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == SpecParserLBRACK {
		{
			p.SetState(103)
			p.Match(SpecParserLBRACK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(104)
			p.Match(SpecParserRBRACK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

		p.SetState(109)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IEventDeclContext is an interface to support dynamic dispatch.
type IEventDeclContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	EVENT() antlr.TerminalNode
	Ident() IIdentContext
	Advice() IAdviceContext
	COLON() antlr.TerminalNode
	Pointcut() IPointcutContext
	SEMI() antlr.TerminalNode

	// IsEventDeclContext differentiates from other interfaces.
	IsEventDeclContext()
}

type EventDeclContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyEventDeclContext() *EventDeclContext {
	var p = new(EventDeclContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_eventDecl
	return p
}

func InitEmptyEventDeclContext(p *EventDeclContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_eventDecl
}

func (*EventDeclContext) IsEventDeclContext() {}

func NewEventDeclContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *EventDeclContext {
	var p = new(EventDeclContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_eventDecl

	return p
}

func (s *EventDeclContext) GetParser() antlr.Parser { return s.parser }

func (s *EventDeclContext) EVENT() antlr.TerminalNode {
	return s.GetToken(SpecParserEVENT, 0)
}

func (s *EventDeclContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *EventDeclContext) Advice() IAdviceContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IAdviceContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IAdviceContext)
}

func (s *EventDeclContext) COLON() antlr.TerminalNode {
	return s.GetToken(SpecParserCOLON, 0)
}

func (s *EventDeclContext) Pointcut() IPointcutContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPointcutContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPointcutContext)
}

func (s *EventDeclContext) SEMI() antlr.TerminalNode {
	return s.GetToken(SpecParserSEMI, 0)
}

func (s *EventDeclContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *EventDeclContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *EventDeclContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterEventDecl(s)
	}
}

func (s *EventDeclContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitEventDecl(s)
	}
}

func (s *EventDeclContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitEventDecl(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) EventDecl() (localctx IEventDeclContext) {
	localctx = NewEventDeclContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 10, SpecParserRULE_eventDecl)
	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(110)
		p.Match(SpecParserEVENT)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(111)
		p.Ident()
	}
	{
		p.SetState(112)
		p.Advice()
	}
	{
		p.SetState(113)
		p.Match(SpecParserCOLON)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(114)
		p.pointcut(0)
	}
	{
		p.SetState(115)
		p.Match(SpecParserSEMI)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IAdviceContext is an interface to support dynamic dispatch.
type IAdviceContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsAdviceContext differentiates from other interfaces.
	IsAdviceContext()
}

type AdviceContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyAdviceContext() *AdviceContext {
	var p = new(AdviceContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_advice
	return p
}

func InitEmptyAdviceContext(p *AdviceContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_advice
}

func (*AdviceContext) IsAdviceContext() {}

func NewAdviceContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *AdviceContext {
	var p = new(AdviceContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_advice

	return p
}

func (s *AdviceContext) GetParser() antlr.Parser { return s.parser }

func (s *AdviceContext) CopyAll(ctx *AdviceContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *AdviceContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AdviceContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type AfterAdviceContext struct {
	AdviceContext
	returning IParamContext
}

func NewAfterAdviceContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *AfterAdviceContext {
	var p = new(AfterAdviceContext)

	InitEmptyAdviceContext(&p.AdviceContext)
	p.parser = parser
	p.CopyAll(ctx.(*AdviceContext))

	return p
}

func (s *AfterAdviceContext) GetReturning() IParamContext { return s.returning }

func (s *AfterAdviceContext) SetReturning(v IParamContext) { s.returning = v }

func (s *AfterAdviceContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *AfterAdviceContext) AFTER() antlr.TerminalNode {
	return s.GetToken(SpecParserAFTER, 0)
}

func (s *AfterAdviceContext) AllLPAREN() []antlr.TerminalNode {
	return s.GetTokens(SpecParserLPAREN)
}

func (s *AfterAdviceContext) LPAREN(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, i)
}

func (s *AfterAdviceContext) AllRPAREN() []antlr.TerminalNode {
	return s.GetTokens(SpecParserRPAREN)
}

func (s *AfterAdviceContext) RPAREN(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, i)
}

func (s *AfterAdviceContext) ParamList() IParamListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParamListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParamListContext)
}

func (s *AfterAdviceContext) RETURNING() antlr.TerminalNode {
	return s.GetToken(SpecParserRETURNING, 0)
}

func (s *AfterAdviceContext) Param() IParamContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParamContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParamContext)
}

func (s *AfterAdviceContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterAfterAdvice(s)
	}
}

func (s *AfterAdviceContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitAfterAdvice(s)
	}
}

func (s *AfterAdviceContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitAfterAdvice(s)

	default:
		return t.VisitChildren(s)
	}
}

type BeforeAdviceContext struct {
	AdviceContext
}

func NewBeforeAdviceContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *BeforeAdviceContext {
	var p = new(BeforeAdviceContext)

	InitEmptyAdviceContext(&p.AdviceContext)
	p.parser = parser
	p.CopyAll(ctx.(*AdviceContext))

	return p
}

func (s *BeforeAdviceContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *BeforeAdviceContext) BEFORE() antlr.TerminalNode {
	return s.GetToken(SpecParserBEFORE, 0)
}

func (s *BeforeAdviceContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *BeforeAdviceContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *BeforeAdviceContext) ParamList() IParamListContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParamListContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParamListContext)
}

func (s *BeforeAdviceContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterBeforeAdvice(s)
	}
}

func (s *BeforeAdviceContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitBeforeAdvice(s)
	}
}

func (s *BeforeAdviceContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitBeforeAdvice(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Advice() (localctx IAdviceContext) {
	localctx = NewAdviceContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 12, SpecParserRULE_advice)
	var _la int

	p.SetState(136)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserBEFORE:
		localctx = NewBeforeAdviceContext(p, localctx)
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(117)
			p.Match(SpecParserBEFORE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(118)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(120)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&140737488879614) != 0 {
			{
				p.SetState(119)
				p.ParamList()
			}

		}
		{
			p.SetState(122)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserAFTER:
		localctx = NewAfterAdviceContext(p, localctx)
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(123)
			p.Match(SpecParserAFTER)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(124)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(126)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&140737488879614) != 0 {
			{
				p.SetState(125)
				p.ParamList()
			}

		}
		{
			p.SetState(128)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(134)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == SpecParserRETURNING {
			{
				p.SetState(129)
				p.Match(SpecParserRETURNING)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(130)
				p.Match(SpecParserLPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(131)

				var _x = p.Param()

				localctx.(*AfterAdviceContext).returning = _x
			}
			{
				p.SetState(132)
				p.Match(SpecParserRPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IPatternDeclContext is an interface to support dynamic dispatch.
type IPatternDeclContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	PATTERN() antlr.TerminalNode
	COLON() antlr.TerminalNode
	Regex() IRegexContext
	SEMI() antlr.TerminalNode

	// IsPatternDeclContext differentiates from other interfaces.
	IsPatternDeclContext()
}

type PatternDeclContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyPatternDeclContext() *PatternDeclContext {
	var p = new(PatternDeclContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_patternDecl
	return p
}

func InitEmptyPatternDeclContext(p *PatternDeclContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_patternDecl
}

func (*PatternDeclContext) IsPatternDeclContext() {}

func NewPatternDeclContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *PatternDeclContext {
	var p = new(PatternDeclContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_patternDecl

	return p
}

func (s *PatternDeclContext) GetParser() antlr.Parser { return s.parser }

func (s *PatternDeclContext) PATTERN() antlr.TerminalNode {
	return s.GetToken(SpecParserPATTERN, 0)
}

func (s *PatternDeclContext) COLON() antlr.TerminalNode {
	return s.GetToken(SpecParserCOLON, 0)
}

func (s *PatternDeclContext) Regex() IRegexContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRegexContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRegexContext)
}

func (s *PatternDeclContext) SEMI() antlr.TerminalNode {
	return s.GetToken(SpecParserSEMI, 0)
}

func (s *PatternDeclContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PatternDeclContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *PatternDeclContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterPatternDecl(s)
	}
}

func (s *PatternDeclContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitPatternDecl(s)
	}
}

func (s *PatternDeclContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitPatternDecl(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) PatternDecl() (localctx IPatternDeclContext) {
	localctx = NewPatternDeclContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 14, SpecParserRULE_patternDecl)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(138)
		p.Match(SpecParserPATTERN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(139)
		p.Match(SpecParserCOLON)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	{
		p.SetState(140)
		p.Regex()
	}
	p.SetState(142)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == SpecParserSEMI {
		{
			p.SetState(141)
			p.Match(SpecParserSEMI)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IPointcutContext is an interface to support dynamic dispatch.
type IPointcutContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsPointcutContext differentiates from other interfaces.
	IsPointcutContext()
}

type PointcutContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyPointcutContext() *PointcutContext {
	var p = new(PointcutContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_pointcut
	return p
}

func InitEmptyPointcutContext(p *PointcutContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_pointcut
}

func (*PointcutContext) IsPointcutContext() {}

func NewPointcutContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *PointcutContext {
	var p = new(PointcutContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_pointcut

	return p
}

func (s *PointcutContext) GetParser() antlr.Parser { return s.parser }

func (s *PointcutContext) CopyAll(ctx *PointcutContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *PointcutContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PointcutContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type PcOrContext struct {
	PointcutContext
}

func NewPcOrContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *PcOrContext {
	var p = new(PcOrContext)

	InitEmptyPointcutContext(&p.PointcutContext)
	p.parser = parser
	p.CopyAll(ctx.(*PointcutContext))

	return p
}

func (s *PcOrContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PcOrContext) AllPointcut() []IPointcutContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IPointcutContext); ok {
			len++
		}
	}

	tst := make([]IPointcutContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IPointcutContext); ok {
			tst[i] = t.(IPointcutContext)
			i++
		}
	}

	return tst
}

func (s *PcOrContext) Pointcut(i int) IPointcutContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPointcutContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPointcutContext)
}

func (s *PcOrContext) OROR() antlr.TerminalNode {
	return s.GetToken(SpecParserOROR, 0)
}

func (s *PcOrContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterPcOr(s)
	}
}

func (s *PcOrContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitPcOr(s)
	}
}

func (s *PcOrContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitPcOr(s)

	default:
		return t.VisitChildren(s)
	}
}

type PcNotContext struct {
	PointcutContext
}

func NewPcNotContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *PcNotContext {
	var p = new(PcNotContext)

	InitEmptyPointcutContext(&p.PointcutContext)
	p.parser = parser
	p.CopyAll(ctx.(*PointcutContext))

	return p
}

func (s *PcNotContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PcNotContext) BANG() antlr.TerminalNode {
	return s.GetToken(SpecParserBANG, 0)
}

func (s *PcNotContext) Pointcut() IPointcutContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPointcutContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPointcutContext)
}

func (s *PcNotContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterPcNot(s)
	}
}

func (s *PcNotContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitPcNot(s)
	}
}

func (s *PcNotContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitPcNot(s)

	default:
		return t.VisitChildren(s)
	}
}

type PcDesignatorContext struct {
	PointcutContext
}

func NewPcDesignatorContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *PcDesignatorContext {
	var p = new(PcDesignatorContext)

	InitEmptyPointcutContext(&p.PointcutContext)
	p.parser = parser
	p.CopyAll(ctx.(*PointcutContext))

	return p
}

func (s *PcDesignatorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PcDesignatorContext) Designator() IDesignatorContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IDesignatorContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IDesignatorContext)
}

func (s *PcDesignatorContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterPcDesignator(s)
	}
}

func (s *PcDesignatorContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitPcDesignator(s)
	}
}

func (s *PcDesignatorContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitPcDesignator(s)

	default:
		return t.VisitChildren(s)
	}
}

type PcParenContext struct {
	PointcutContext
}

func NewPcParenContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *PcParenContext {
	var p = new(PcParenContext)

	InitEmptyPointcutContext(&p.PointcutContext)
	p.parser = parser
	p.CopyAll(ctx.(*PointcutContext))

	return p
}

func (s *PcParenContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PcParenContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *PcParenContext) Pointcut() IPointcutContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPointcutContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPointcutContext)
}

func (s *PcParenContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *PcParenContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterPcParen(s)
	}
}

func (s *PcParenContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitPcParen(s)
	}
}

func (s *PcParenContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitPcParen(s)

	default:
		return t.VisitChildren(s)
	}
}

type PcAndContext struct {
	PointcutContext
}

func NewPcAndContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *PcAndContext {
	var p = new(PcAndContext)

	InitEmptyPointcutContext(&p.PointcutContext)
	p.parser = parser
	p.CopyAll(ctx.(*PointcutContext))

	return p
}

func (s *PcAndContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *PcAndContext) AllPointcut() []IPointcutContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IPointcutContext); ok {
			len++
		}
	}

	tst := make([]IPointcutContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IPointcutContext); ok {
			tst[i] = t.(IPointcutContext)
			i++
		}
	}

	return tst
}

func (s *PcAndContext) Pointcut(i int) IPointcutContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IPointcutContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IPointcutContext)
}

func (s *PcAndContext) ANDAND() antlr.TerminalNode {
	return s.GetToken(SpecParserANDAND, 0)
}

func (s *PcAndContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterPcAnd(s)
	}
}

func (s *PcAndContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitPcAnd(s)
	}
}

func (s *PcAndContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitPcAnd(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Pointcut() (localctx IPointcutContext) {
	return p.pointcut(0)
}

func (p *SpecParser) pointcut(_p int) (localctx IPointcutContext) {
	var _parentctx antlr.ParserRuleContext = p.GetParserRuleContext()

	_parentState := p.GetState()
	localctx = NewPointcutContext(p, p.GetParserRuleContext(), _parentState)
	var _prevctx IPointcutContext = localctx
	var _ antlr.ParserRuleContext = _prevctx // TODO: To prevent unused variable warning.
	_startState := 16
	p.EnterRecursionRule(localctx, 16, SpecParserRULE_pointcut, _p)
	var _alt int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(152)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserBANG:
		localctx = NewPcNotContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx

		{
			p.SetState(145)
			p.Match(SpecParserBANG)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(146)
			p.pointcut(5)
		}

	case SpecParserLPAREN:
		localctx = NewPcParenContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(147)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(148)
			p.pointcut(0)
		}
		{
			p.SetState(149)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserID:
		localctx = NewPcDesignatorContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(151)
			p.Designator()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}
	p.GetParserRuleContext().SetStop(p.GetTokenStream().LT(-1))
	p.SetState(162)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 13, p.GetParserRuleContext())
	if p.HasError() {
		goto errorExit
	}
	for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
		if _alt == 1 {
			if p.GetParseListeners() != nil {
				p.TriggerExitRuleEvent()
			}
			_prevctx = localctx
			p.SetState(160)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}

			switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 12, p.GetParserRuleContext()) {
			case 1:
				localctx = NewPcAndContext(p, NewPointcutContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, SpecParserRULE_pointcut)
				p.SetState(154)

				if !(p.Precpred(p.GetParserRuleContext(), 4)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 4)", ""))
					goto errorExit
				}
				{
					p.SetState(155)
					p.Match(SpecParserANDAND)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(156)
					p.pointcut(5)
				}

			case 2:
				localctx = NewPcOrContext(p, NewPointcutContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, SpecParserRULE_pointcut)
				p.SetState(157)

				if !(p.Precpred(p.GetParserRuleContext(), 3)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 3)", ""))
					goto errorExit
				}
				{
					p.SetState(158)
					p.Match(SpecParserOROR)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(159)
					p.pointcut(4)
				}

			case antlr.ATNInvalidAltNumber:
				goto errorExit
			}

		}
		p.SetState(164)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 13, p.GetParserRuleContext())
		if p.HasError() {
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.UnrollRecursionContexts(_parentctx)
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IDesignatorContext is an interface to support dynamic dispatch.
type IDesignatorContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsDesignatorContext differentiates from other interfaces.
	IsDesignatorContext()
}

type DesignatorContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyDesignatorContext() *DesignatorContext {
	var p = new(DesignatorContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_designator
	return p
}

func InitEmptyDesignatorContext(p *DesignatorContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_designator
}

func (*DesignatorContext) IsDesignatorContext() {}

func NewDesignatorContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *DesignatorContext {
	var p = new(DesignatorContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_designator

	return p
}

func (s *DesignatorContext) GetParser() antlr.Parser { return s.parser }

func (s *DesignatorContext) CopyAll(ctx *DesignatorContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *DesignatorContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DesignatorContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type DIfContext struct {
	DesignatorContext
}

func NewDIfContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DIfContext {
	var p = new(DIfContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DIfContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DIfContext) IF() antlr.TerminalNode {
	return s.GetToken(SpecParserIF, 0)
}

func (s *DIfContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DIfContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *DIfContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DIfContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDIf(s)
	}
}

func (s *DIfContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDIf(s)
	}
}

func (s *DIfContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDIf(s)

	default:
		return t.VisitChildren(s)
	}
}

type DArgsContext struct {
	DesignatorContext
}

func NewDArgsContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DArgsContext {
	var p = new(DArgsContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DArgsContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DArgsContext) ARGS() antlr.TerminalNode {
	return s.GetToken(SpecParserARGS, 0)
}

func (s *DArgsContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DArgsContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DArgsContext) AllArgPattern() []IArgPatternContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IArgPatternContext); ok {
			len++
		}
	}

	tst := make([]IArgPatternContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IArgPatternContext); ok {
			tst[i] = t.(IArgPatternContext)
			i++
		}
	}

	return tst
}

func (s *DArgsContext) ArgPattern(i int) IArgPatternContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IArgPatternContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IArgPatternContext)
}

func (s *DArgsContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(SpecParserCOMMA)
}

func (s *DArgsContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserCOMMA, i)
}

func (s *DArgsContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDArgs(s)
	}
}

func (s *DArgsContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDArgs(s)
	}
}

func (s *DArgsContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDArgs(s)

	default:
		return t.VisitChildren(s)
	}
}

type DCallContext struct {
	DesignatorContext
}

func NewDCallContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DCallContext {
	var p = new(DCallContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DCallContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DCallContext) CALL() antlr.TerminalNode {
	return s.GetToken(SpecParserCALL, 0)
}

func (s *DCallContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DCallContext) SigPattern() ISigPatternContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ISigPatternContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ISigPatternContext)
}

func (s *DCallContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DCallContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDCall(s)
	}
}

func (s *DCallContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDCall(s)
	}
}

func (s *DCallContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDCall(s)

	default:
		return t.VisitChildren(s)
	}
}

type DTargetContext struct {
	DesignatorContext
}

func NewDTargetContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DTargetContext {
	var p = new(DTargetContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DTargetContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DTargetContext) TARGET() antlr.TerminalNode {
	return s.GetToken(SpecParserTARGET, 0)
}

func (s *DTargetContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DTargetContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *DTargetContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DTargetContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDTarget(s)
	}
}

func (s *DTargetContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDTarget(s)
	}
}

func (s *DTargetContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDTarget(s)

	default:
		return t.VisitChildren(s)
	}
}

type DLockContext struct {
	DesignatorContext
}

func NewDLockContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DLockContext {
	var p = new(DLockContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DLockContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DLockContext) LOCK() antlr.TerminalNode {
	return s.GetToken(SpecParserLOCK, 0)
}

func (s *DLockContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DLockContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DLockContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDLock(s)
	}
}

func (s *DLockContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDLock(s)
	}
}

func (s *DLockContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDLock(s)

	default:
		return t.VisitChildren(s)
	}
}

type DVolatileContext struct {
	DesignatorContext
}

func NewDVolatileContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DVolatileContext {
	var p = new(DVolatileContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DVolatileContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DVolatileContext) VOLATILE() antlr.TerminalNode {
	return s.GetToken(SpecParserVOLATILE, 0)
}

func (s *DVolatileContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DVolatileContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DVolatileContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDVolatile(s)
	}
}

func (s *DVolatileContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDVolatile(s)
	}
}

func (s *DVolatileContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDVolatile(s)

	default:
		return t.VisitChildren(s)
	}
}

type DWithinContext struct {
	DesignatorContext
}

func NewDWithinContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DWithinContext {
	var p = new(DWithinContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DWithinContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DWithinContext) WITHIN() antlr.TerminalNode {
	return s.GetToken(SpecParserWITHIN, 0)
}

func (s *DWithinContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DWithinContext) TypePattern() ITypePatternContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypePatternContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypePatternContext)
}

func (s *DWithinContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DWithinContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDWithin(s)
	}
}

func (s *DWithinContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDWithin(s)
	}
}

func (s *DWithinContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDWithin(s)

	default:
		return t.VisitChildren(s)
	}
}

type DExecutionContext struct {
	DesignatorContext
}

func NewDExecutionContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DExecutionContext {
	var p = new(DExecutionContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DExecutionContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DExecutionContext) EXECUTION() antlr.TerminalNode {
	return s.GetToken(SpecParserEXECUTION, 0)
}

func (s *DExecutionContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DExecutionContext) SigPattern() ISigPatternContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ISigPatternContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ISigPatternContext)
}

func (s *DExecutionContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DExecutionContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDExecution(s)
	}
}

func (s *DExecutionContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDExecution(s)
	}
}

func (s *DExecutionContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDExecution(s)

	default:
		return t.VisitChildren(s)
	}
}

type DSetContext struct {
	DesignatorContext
}

func NewDSetContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DSetContext {
	var p = new(DSetContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DSetContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DSetContext) SET() antlr.TerminalNode {
	return s.GetToken(SpecParserSET, 0)
}

func (s *DSetContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DSetContext) FieldPattern() IFieldPatternContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IFieldPatternContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IFieldPatternContext)
}

func (s *DSetContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DSetContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDSet(s)
	}
}

func (s *DSetContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDSet(s)
	}
}

func (s *DSetContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDSet(s)

	default:
		return t.VisitChildren(s)
	}
}

type DUnlockContext struct {
	DesignatorContext
}

func NewDUnlockContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DUnlockContext {
	var p = new(DUnlockContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DUnlockContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DUnlockContext) UNLOCK() antlr.TerminalNode {
	return s.GetToken(SpecParserUNLOCK, 0)
}

func (s *DUnlockContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DUnlockContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DUnlockContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDUnlock(s)
	}
}

func (s *DUnlockContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDUnlock(s)
	}
}

func (s *DUnlockContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDUnlock(s)

	default:
		return t.VisitChildren(s)
	}
}

type DUnknownContext struct {
	DesignatorContext
}

func NewDUnknownContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DUnknownContext {
	var p = new(DUnknownContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DUnknownContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DUnknownContext) UnknownName() IUnknownNameContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IUnknownNameContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IUnknownNameContext)
}

func (s *DUnknownContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DUnknownContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DUnknownContext) AllBalanced() []IBalancedContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IBalancedContext); ok {
			len++
		}
	}

	tst := make([]IBalancedContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IBalancedContext); ok {
			tst[i] = t.(IBalancedContext)
			i++
		}
	}

	return tst
}

func (s *DUnknownContext) Balanced(i int) IBalancedContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBalancedContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBalancedContext)
}

func (s *DUnknownContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDUnknown(s)
	}
}

func (s *DUnknownContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDUnknown(s)
	}
}

func (s *DUnknownContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDUnknown(s)

	default:
		return t.VisitChildren(s)
	}
}

type DGetContext struct {
	DesignatorContext
}

func NewDGetContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DGetContext {
	var p = new(DGetContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DGetContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DGetContext) GET() antlr.TerminalNode {
	return s.GetToken(SpecParserGET, 0)
}

func (s *DGetContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DGetContext) FieldPattern() IFieldPatternContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IFieldPatternContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IFieldPatternContext)
}

func (s *DGetContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DGetContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDGet(s)
	}
}

func (s *DGetContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDGet(s)
	}
}

func (s *DGetContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDGet(s)

	default:
		return t.VisitChildren(s)
	}
}

type DLocationContext struct {
	DesignatorContext
}

func NewDLocationContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DLocationContext {
	var p = new(DLocationContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DLocationContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DLocationContext) LOCATION() antlr.TerminalNode {
	return s.GetToken(SpecParserLOCATION, 0)
}

func (s *DLocationContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DLocationContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *DLocationContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DLocationContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDLocation(s)
	}
}

func (s *DLocationContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDLocation(s)
	}
}

func (s *DLocationContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDLocation(s)

	default:
		return t.VisitChildren(s)
	}
}

type DHoldsContext struct {
	DesignatorContext
}

func NewDHoldsContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *DHoldsContext {
	var p = new(DHoldsContext)

	InitEmptyDesignatorContext(&p.DesignatorContext)
	p.parser = parser
	p.CopyAll(ctx.(*DesignatorContext))

	return p
}

func (s *DHoldsContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *DHoldsContext) HOLDS() antlr.TerminalNode {
	return s.GetToken(SpecParserHOLDS, 0)
}

func (s *DHoldsContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *DHoldsContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *DHoldsContext) AllArgPattern() []IArgPatternContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IArgPatternContext); ok {
			len++
		}
	}

	tst := make([]IArgPatternContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IArgPatternContext); ok {
			tst[i] = t.(IArgPatternContext)
			i++
		}
	}

	return tst
}

func (s *DHoldsContext) ArgPattern(i int) IArgPatternContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IArgPatternContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IArgPatternContext)
}

func (s *DHoldsContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(SpecParserCOMMA)
}

func (s *DHoldsContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserCOMMA, i)
}

func (s *DHoldsContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterDHolds(s)
	}
}

func (s *DHoldsContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitDHolds(s)
	}
}

func (s *DHoldsContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitDHolds(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Designator() (localctx IDesignatorContext) {
	localctx = NewDesignatorContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 18, SpecParserRULE_designator)
	var _la int

	p.SetState(250)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserCALL:
		localctx = NewDCallContext(p, localctx)
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(165)
			p.Match(SpecParserCALL)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(166)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(167)
			p.SigPattern()
		}
		{
			p.SetState(168)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserEXECUTION:
		localctx = NewDExecutionContext(p, localctx)
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(170)
			p.Match(SpecParserEXECUTION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(171)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(172)
			p.SigPattern()
		}
		{
			p.SetState(173)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserGET:
		localctx = NewDGetContext(p, localctx)
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(175)
			p.Match(SpecParserGET)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(176)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(177)
			p.FieldPattern()
		}
		{
			p.SetState(178)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserSET:
		localctx = NewDSetContext(p, localctx)
		p.EnterOuterAlt(localctx, 4)
		{
			p.SetState(180)
			p.Match(SpecParserSET)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(181)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(182)
			p.FieldPattern()
		}
		{
			p.SetState(183)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserTARGET:
		localctx = NewDTargetContext(p, localctx)
		p.EnterOuterAlt(localctx, 5)
		{
			p.SetState(185)
			p.Match(SpecParserTARGET)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(186)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(187)
			p.Ident()
		}
		{
			p.SetState(188)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserARGS:
		localctx = NewDArgsContext(p, localctx)
		p.EnterOuterAlt(localctx, 6)
		{
			p.SetState(190)
			p.Match(SpecParserARGS)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(191)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(200)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&141839147991038) != 0 {
			{
				p.SetState(192)
				p.ArgPattern()
			}
			p.SetState(197)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			for _la == SpecParserCOMMA {
				{
					p.SetState(193)
					p.Match(SpecParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(194)
					p.ArgPattern()
				}

				p.SetState(199)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)
			}

		}
		{
			p.SetState(202)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserLOCATION:
		localctx = NewDLocationContext(p, localctx)
		p.EnterOuterAlt(localctx, 7)
		{
			p.SetState(203)
			p.Match(SpecParserLOCATION)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(204)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(205)
			p.Ident()
		}
		{
			p.SetState(206)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserLOCK:
		localctx = NewDLockContext(p, localctx)
		p.EnterOuterAlt(localctx, 8)
		{
			p.SetState(208)
			p.Match(SpecParserLOCK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(209)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(210)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserUNLOCK:
		localctx = NewDUnlockContext(p, localctx)
		p.EnterOuterAlt(localctx, 9)
		{
			p.SetState(211)
			p.Match(SpecParserUNLOCK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(212)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(213)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserVOLATILE:
		localctx = NewDVolatileContext(p, localctx)
		p.EnterOuterAlt(localctx, 10)
		{
			p.SetState(214)
			p.Match(SpecParserVOLATILE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(215)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(216)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserWITHIN:
		localctx = NewDWithinContext(p, localctx)
		p.EnterOuterAlt(localctx, 11)
		{
			p.SetState(217)
			p.Match(SpecParserWITHIN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(218)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(219)
			p.TypePattern()
		}
		{
			p.SetState(220)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserHOLDS:
		localctx = NewDHoldsContext(p, localctx)
		p.EnterOuterAlt(localctx, 12)
		{
			p.SetState(222)
			p.Match(SpecParserHOLDS)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(223)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(232)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&141839147991038) != 0 {
			{
				p.SetState(224)
				p.ArgPattern()
			}
			p.SetState(229)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)

			for _la == SpecParserCOMMA {
				{
					p.SetState(225)
					p.Match(SpecParserCOMMA)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(226)
					p.ArgPattern()
				}

				p.SetState(231)
				p.GetErrorHandler().Sync(p)
				if p.HasError() {
					goto errorExit
				}
				_la = p.GetTokenStream().LA(1)
			}

		}
		{
			p.SetState(234)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserIF:
		localctx = NewDIfContext(p, localctx)
		p.EnterOuterAlt(localctx, 13)
		{
			p.SetState(235)
			p.Match(SpecParserIF)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(236)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(237)
			p.expr(0)
		}
		{
			p.SetState(238)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserID:
		localctx = NewDUnknownContext(p, localctx)
		p.EnterOuterAlt(localctx, 14)
		{
			p.SetState(240)
			p.UnknownName()
		}
		{
			p.SetState(241)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(245)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4503599031779326) != 0 {
			{
				p.SetState(242)
				p.Balanced()
			}

			p.SetState(247)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}
		{
			p.SetState(248)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IUnknownNameContext is an interface to support dynamic dispatch.
type IUnknownNameContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	ID() antlr.TerminalNode
	EVENT() antlr.TerminalNode
	BEFORE() antlr.TerminalNode
	AFTER() antlr.TerminalNode
	RETURNING() antlr.TerminalNode
	PATTERN() antlr.TerminalNode

	// IsUnknownNameContext differentiates from other interfaces.
	IsUnknownNameContext()
}

type UnknownNameContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyUnknownNameContext() *UnknownNameContext {
	var p = new(UnknownNameContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_unknownName
	return p
}

func InitEmptyUnknownNameContext(p *UnknownNameContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_unknownName
}

func (*UnknownNameContext) IsUnknownNameContext() {}

func NewUnknownNameContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *UnknownNameContext {
	var p = new(UnknownNameContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_unknownName

	return p
}

func (s *UnknownNameContext) GetParser() antlr.Parser { return s.parser }

func (s *UnknownNameContext) ID() antlr.TerminalNode {
	return s.GetToken(SpecParserID, 0)
}

func (s *UnknownNameContext) EVENT() antlr.TerminalNode {
	return s.GetToken(SpecParserEVENT, 0)
}

func (s *UnknownNameContext) BEFORE() antlr.TerminalNode {
	return s.GetToken(SpecParserBEFORE, 0)
}

func (s *UnknownNameContext) AFTER() antlr.TerminalNode {
	return s.GetToken(SpecParserAFTER, 0)
}

func (s *UnknownNameContext) RETURNING() antlr.TerminalNode {
	return s.GetToken(SpecParserRETURNING, 0)
}

func (s *UnknownNameContext) PATTERN() antlr.TerminalNode {
	return s.GetToken(SpecParserPATTERN, 0)
}

func (s *UnknownNameContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *UnknownNameContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *UnknownNameContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterUnknownName(s)
	}
}

func (s *UnknownNameContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitUnknownName(s)
	}
}

func (s *UnknownNameContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitUnknownName(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) UnknownName() (localctx IUnknownNameContext) {
	localctx = NewUnknownNameContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 20, SpecParserRULE_unknownName)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(252)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&140737488355390) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IBalancedContext is an interface to support dynamic dispatch.
type IBalancedContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	LPAREN() antlr.TerminalNode
	RPAREN() antlr.TerminalNode
	AllBalanced() []IBalancedContext
	Balanced(i int) IBalancedContext
	SEMI() antlr.TerminalNode
	LBRACE() antlr.TerminalNode
	RBRACE() antlr.TerminalNode

	// IsBalancedContext differentiates from other interfaces.
	IsBalancedContext()
}

type BalancedContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyBalancedContext() *BalancedContext {
	var p = new(BalancedContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_balanced
	return p
}

func InitEmptyBalancedContext(p *BalancedContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_balanced
}

func (*BalancedContext) IsBalancedContext() {}

func NewBalancedContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *BalancedContext {
	var p = new(BalancedContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_balanced

	return p
}

func (s *BalancedContext) GetParser() antlr.Parser { return s.parser }

func (s *BalancedContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *BalancedContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *BalancedContext) AllBalanced() []IBalancedContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IBalancedContext); ok {
			len++
		}
	}

	tst := make([]IBalancedContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IBalancedContext); ok {
			tst[i] = t.(IBalancedContext)
			i++
		}
	}

	return tst
}

func (s *BalancedContext) Balanced(i int) IBalancedContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IBalancedContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IBalancedContext)
}

func (s *BalancedContext) SEMI() antlr.TerminalNode {
	return s.GetToken(SpecParserSEMI, 0)
}

func (s *BalancedContext) LBRACE() antlr.TerminalNode {
	return s.GetToken(SpecParserLBRACE, 0)
}

func (s *BalancedContext) RBRACE() antlr.TerminalNode {
	return s.GetToken(SpecParserRBRACE, 0)
}

func (s *BalancedContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *BalancedContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *BalancedContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterBalanced(s)
	}
}

func (s *BalancedContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitBalanced(s)
	}
}

func (s *BalancedContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitBalanced(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Balanced() (localctx IBalancedContext) {
	localctx = NewBalancedContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 22, SpecParserRULE_balanced)
	var _la int

	p.SetState(263)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserLPAREN:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(254)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		p.SetState(258)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&4503599031779326) != 0 {
			{
				p.SetState(255)
				p.Balanced()
			}

			p.SetState(260)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}
		{
			p.SetState(261)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserNULL, SpecParserTRUE, SpecParserFALSE, SpecParserLBRACK, SpecParserRBRACK, SpecParserCOMMA, SpecParserCOLON, SpecParserDOTDOT, SpecParserDOT, SpecParserOROR, SpecParserANDAND, SpecParserPIPE, SpecParserAMP, SpecParserEQ, SpecParserNEQ, SpecParserBANG, SpecParserSTAR, SpecParserPLUS, SpecParserQUESTION, SpecParserLT, SpecParserGT, SpecParserNUMBER, SpecParserSTRING, SpecParserID, SpecParserNAMEPAT, SpecParserLINE_COMMENT, SpecParserBLOCK_COMMENT, SpecParserWS:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(262)
			_la = p.GetTokenStream().LA(1)

			if _la <= 0 || ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&599785472) != 0) {
				p.GetErrorHandler().RecoverInline(p)
			} else {
				p.GetErrorHandler().ReportMatch(p)
				p.Consume()
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IArgPatternContext is an interface to support dynamic dispatch.
type IArgPatternContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsArgPatternContext differentiates from other interfaces.
	IsArgPatternContext()
}

type ArgPatternContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyArgPatternContext() *ArgPatternContext {
	var p = new(ArgPatternContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_argPattern
	return p
}

func InitEmptyArgPatternContext(p *ArgPatternContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_argPattern
}

func (*ArgPatternContext) IsArgPatternContext() {}

func NewArgPatternContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ArgPatternContext {
	var p = new(ArgPatternContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_argPattern

	return p
}

func (s *ArgPatternContext) GetParser() antlr.Parser { return s.parser }

func (s *ArgPatternContext) CopyAll(ctx *ArgPatternContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *ArgPatternContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ArgPatternContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type ArgNameContext struct {
	ArgPatternContext
}

func NewArgNameContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ArgNameContext {
	var p = new(ArgNameContext)

	InitEmptyArgPatternContext(&p.ArgPatternContext)
	p.parser = parser
	p.CopyAll(ctx.(*ArgPatternContext))

	return p
}

func (s *ArgNameContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ArgNameContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *ArgNameContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterArgName(s)
	}
}

func (s *ArgNameContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitArgName(s)
	}
}

func (s *ArgNameContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitArgName(s)

	default:
		return t.VisitChildren(s)
	}
}

type ArgEllipsisContext struct {
	ArgPatternContext
}

func NewArgEllipsisContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ArgEllipsisContext {
	var p = new(ArgEllipsisContext)

	InitEmptyArgPatternContext(&p.ArgPatternContext)
	p.parser = parser
	p.CopyAll(ctx.(*ArgPatternContext))

	return p
}

func (s *ArgEllipsisContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ArgEllipsisContext) DOTDOT() antlr.TerminalNode {
	return s.GetToken(SpecParserDOTDOT, 0)
}

func (s *ArgEllipsisContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterArgEllipsis(s)
	}
}

func (s *ArgEllipsisContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitArgEllipsis(s)
	}
}

func (s *ArgEllipsisContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitArgEllipsis(s)

	default:
		return t.VisitChildren(s)
	}
}

type ArgAnyContext struct {
	ArgPatternContext
}

func NewArgAnyContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ArgAnyContext {
	var p = new(ArgAnyContext)

	InitEmptyArgPatternContext(&p.ArgPatternContext)
	p.parser = parser
	p.CopyAll(ctx.(*ArgPatternContext))

	return p
}

func (s *ArgAnyContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ArgAnyContext) STAR() antlr.TerminalNode {
	return s.GetToken(SpecParserSTAR, 0)
}

func (s *ArgAnyContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterArgAny(s)
	}
}

func (s *ArgAnyContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitArgAny(s)
	}
}

func (s *ArgAnyContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitArgAny(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) ArgPattern() (localctx IArgPatternContext) {
	localctx = NewArgPatternContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 24, SpecParserRULE_argPattern)
	p.SetState(268)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserID:
		localctx = NewArgNameContext(p, localctx)
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(265)
			p.Ident()
		}

	case SpecParserSTAR:
		localctx = NewArgAnyContext(p, localctx)
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(266)
			p.Match(SpecParserSTAR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserDOTDOT:
		localctx = NewArgEllipsisContext(p, localctx)
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(267)
			p.Match(SpecParserDOTDOT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// ISigPatternContext is an interface to support dynamic dispatch.
type ISigPatternContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetRet returns the ret rule contexts.
	GetRet() ITypePatternContext

	// GetDecl returns the decl rule contexts.
	GetDecl() ITypePatternContext

	// GetName returns the name rule contexts.
	GetName() INamePatternContext

	// SetRet sets the ret rule contexts.
	SetRet(ITypePatternContext)

	// SetDecl sets the decl rule contexts.
	SetDecl(ITypePatternContext)

	// SetName sets the name rule contexts.
	SetName(INamePatternContext)

	// Getter signatures
	LPAREN() antlr.TerminalNode
	RPAREN() antlr.TerminalNode
	NamePattern() INamePatternContext
	DOT() antlr.TerminalNode
	AllParamPattern() []IParamPatternContext
	ParamPattern(i int) IParamPatternContext
	AllTypePattern() []ITypePatternContext
	TypePattern(i int) ITypePatternContext
	AllCOMMA() []antlr.TerminalNode
	COMMA(i int) antlr.TerminalNode

	// IsSigPatternContext differentiates from other interfaces.
	IsSigPatternContext()
}

type SigPatternContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
	ret    ITypePatternContext
	decl   ITypePatternContext
	name   INamePatternContext
}

func NewEmptySigPatternContext() *SigPatternContext {
	var p = new(SigPatternContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_sigPattern
	return p
}

func InitEmptySigPatternContext(p *SigPatternContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_sigPattern
}

func (*SigPatternContext) IsSigPatternContext() {}

func NewSigPatternContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *SigPatternContext {
	var p = new(SigPatternContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_sigPattern

	return p
}

func (s *SigPatternContext) GetParser() antlr.Parser { return s.parser }

func (s *SigPatternContext) GetRet() ITypePatternContext { return s.ret }

func (s *SigPatternContext) GetDecl() ITypePatternContext { return s.decl }

func (s *SigPatternContext) GetName() INamePatternContext { return s.name }

func (s *SigPatternContext) SetRet(v ITypePatternContext) { s.ret = v }

func (s *SigPatternContext) SetDecl(v ITypePatternContext) { s.decl = v }

func (s *SigPatternContext) SetName(v INamePatternContext) { s.name = v }

func (s *SigPatternContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *SigPatternContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *SigPatternContext) NamePattern() INamePatternContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(INamePatternContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(INamePatternContext)
}

func (s *SigPatternContext) DOT() antlr.TerminalNode {
	return s.GetToken(SpecParserDOT, 0)
}

func (s *SigPatternContext) AllParamPattern() []IParamPatternContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IParamPatternContext); ok {
			len++
		}
	}

	tst := make([]IParamPatternContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IParamPatternContext); ok {
			tst[i] = t.(IParamPatternContext)
			i++
		}
	}

	return tst
}

func (s *SigPatternContext) ParamPattern(i int) IParamPatternContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IParamPatternContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IParamPatternContext)
}

func (s *SigPatternContext) AllTypePattern() []ITypePatternContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITypePatternContext); ok {
			len++
		}
	}

	tst := make([]ITypePatternContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITypePatternContext); ok {
			tst[i] = t.(ITypePatternContext)
			i++
		}
	}

	return tst
}

func (s *SigPatternContext) TypePattern(i int) ITypePatternContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypePatternContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypePatternContext)
}

func (s *SigPatternContext) AllCOMMA() []antlr.TerminalNode {
	return s.GetTokens(SpecParserCOMMA)
}

func (s *SigPatternContext) COMMA(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserCOMMA, i)
}

func (s *SigPatternContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *SigPatternContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *SigPatternContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterSigPattern(s)
	}
}

func (s *SigPatternContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitSigPattern(s)
	}
}

func (s *SigPatternContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitSigPattern(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) SigPattern() (localctx ISigPatternContext) {
	localctx = NewSigPatternContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 26, SpecParserRULE_sigPattern)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(271)
	p.GetErrorHandler().Sync(p)

	if p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 23, p.GetParserRuleContext()) == 1 {
		{
			p.SetState(270)

			var _x = p.TypePattern()

			localctx.(*SigPatternContext).ret = _x
		}

	} else if p.HasError() { // JIM
		goto errorExit
	}
	p.SetState(276)
	p.GetErrorHandler().Sync(p)

	if p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 24, p.GetParserRuleContext()) == 1 {
		{
			p.SetState(273)

			var _x = p.TypePattern()

			localctx.(*SigPatternContext).decl = _x
		}
		{
			p.SetState(274)
			p.Match(SpecParserDOT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	} else if p.HasError() { // JIM
		goto errorExit
	}
	{
		p.SetState(278)

		var _x = p.NamePattern()

		localctx.(*SigPatternContext).name = _x
	}
	{
		p.SetState(279)
		p.Match(SpecParserLPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}
	p.SetState(288)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&423314124701694) != 0 {
		{
			p.SetState(280)
			p.ParamPattern()
		}
		p.SetState(285)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for _la == SpecParserCOMMA {
			{
				p.SetState(281)
				p.Match(SpecParserCOMMA)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(282)
				p.ParamPattern()
			}

			p.SetState(287)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	}
	{
		p.SetState(290)
		p.Match(SpecParserRPAREN)
		if p.HasError() {
			// Recognition error - abort rule
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IParamPatternContext is an interface to support dynamic dispatch.
type IParamPatternContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsParamPatternContext differentiates from other interfaces.
	IsParamPatternContext()
}

type ParamPatternContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyParamPatternContext() *ParamPatternContext {
	var p = new(ParamPatternContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_paramPattern
	return p
}

func InitEmptyParamPatternContext(p *ParamPatternContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_paramPattern
}

func (*ParamPatternContext) IsParamPatternContext() {}

func NewParamPatternContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ParamPatternContext {
	var p = new(ParamPatternContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_paramPattern

	return p
}

func (s *ParamPatternContext) GetParser() antlr.Parser { return s.parser }

func (s *ParamPatternContext) CopyAll(ctx *ParamPatternContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *ParamPatternContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParamPatternContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type ParamTypeContext struct {
	ParamPatternContext
}

func NewParamTypeContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ParamTypeContext {
	var p = new(ParamTypeContext)

	InitEmptyParamPatternContext(&p.ParamPatternContext)
	p.parser = parser
	p.CopyAll(ctx.(*ParamPatternContext))

	return p
}

func (s *ParamTypeContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParamTypeContext) TypePattern() ITypePatternContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypePatternContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypePatternContext)
}

func (s *ParamTypeContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *ParamTypeContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterParamType(s)
	}
}

func (s *ParamTypeContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitParamType(s)
	}
}

func (s *ParamTypeContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitParamType(s)

	default:
		return t.VisitChildren(s)
	}
}

type ParamEllipsisContext struct {
	ParamPatternContext
}

func NewParamEllipsisContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ParamEllipsisContext {
	var p = new(ParamEllipsisContext)

	InitEmptyParamPatternContext(&p.ParamPatternContext)
	p.parser = parser
	p.CopyAll(ctx.(*ParamPatternContext))

	return p
}

func (s *ParamEllipsisContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ParamEllipsisContext) DOTDOT() antlr.TerminalNode {
	return s.GetToken(SpecParserDOTDOT, 0)
}

func (s *ParamEllipsisContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterParamEllipsis(s)
	}
}

func (s *ParamEllipsisContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitParamEllipsis(s)
	}
}

func (s *ParamEllipsisContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitParamEllipsis(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) ParamPattern() (localctx IParamPatternContext) {
	localctx = NewParamPatternContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 28, SpecParserRULE_paramPattern)
	var _la int

	p.SetState(297)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserDOTDOT:
		localctx = NewParamEllipsisContext(p, localctx)
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(292)
			p.Match(SpecParserDOTDOT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserSTAR, SpecParserID, SpecParserNAMEPAT:
		localctx = NewParamTypeContext(p, localctx)
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(293)
			p.TypePattern()
		}
		p.SetState(295)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&140737488879614) != 0 {
			{
				p.SetState(294)
				p.Ident()
			}

		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IFieldPatternContext is an interface to support dynamic dispatch.
type IFieldPatternContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetType_ returns the type_ rule contexts.
	GetType_() ITypePatternContext

	// GetDecl returns the decl rule contexts.
	GetDecl() ITypePatternContext

	// GetName returns the name rule contexts.
	GetName() INamePatternContext

	// SetType_ sets the type_ rule contexts.
	SetType_(ITypePatternContext)

	// SetDecl sets the decl rule contexts.
	SetDecl(ITypePatternContext)

	// SetName sets the name rule contexts.
	SetName(INamePatternContext)

	// Getter signatures
	NamePattern() INamePatternContext
	DOT() antlr.TerminalNode
	AllTypePattern() []ITypePatternContext
	TypePattern(i int) ITypePatternContext

	// IsFieldPatternContext differentiates from other interfaces.
	IsFieldPatternContext()
}

type FieldPatternContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
	type_  ITypePatternContext
	decl   ITypePatternContext
	name   INamePatternContext
}

func NewEmptyFieldPatternContext() *FieldPatternContext {
	var p = new(FieldPatternContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_fieldPattern
	return p
}

func InitEmptyFieldPatternContext(p *FieldPatternContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_fieldPattern
}

func (*FieldPatternContext) IsFieldPatternContext() {}

func NewFieldPatternContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *FieldPatternContext {
	var p = new(FieldPatternContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_fieldPattern

	return p
}

func (s *FieldPatternContext) GetParser() antlr.Parser { return s.parser }

func (s *FieldPatternContext) GetType_() ITypePatternContext { return s.type_ }

func (s *FieldPatternContext) GetDecl() ITypePatternContext { return s.decl }

func (s *FieldPatternContext) GetName() INamePatternContext { return s.name }

func (s *FieldPatternContext) SetType_(v ITypePatternContext) { s.type_ = v }

func (s *FieldPatternContext) SetDecl(v ITypePatternContext) { s.decl = v }

func (s *FieldPatternContext) SetName(v INamePatternContext) { s.name = v }

func (s *FieldPatternContext) NamePattern() INamePatternContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(INamePatternContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(INamePatternContext)
}

func (s *FieldPatternContext) DOT() antlr.TerminalNode {
	return s.GetToken(SpecParserDOT, 0)
}

func (s *FieldPatternContext) AllTypePattern() []ITypePatternContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(ITypePatternContext); ok {
			len++
		}
	}

	tst := make([]ITypePatternContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(ITypePatternContext); ok {
			tst[i] = t.(ITypePatternContext)
			i++
		}
	}

	return tst
}

func (s *FieldPatternContext) TypePattern(i int) ITypePatternContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ITypePatternContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(ITypePatternContext)
}

func (s *FieldPatternContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *FieldPatternContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *FieldPatternContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterFieldPattern(s)
	}
}

func (s *FieldPatternContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitFieldPattern(s)
	}
}

func (s *FieldPatternContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitFieldPattern(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) FieldPattern() (localctx IFieldPatternContext) {
	localctx = NewFieldPatternContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 30, SpecParserRULE_fieldPattern)
	p.EnterOuterAlt(localctx, 1)
	p.SetState(300)
	p.GetErrorHandler().Sync(p)

	if p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 29, p.GetParserRuleContext()) == 1 {
		{
			p.SetState(299)

			var _x = p.TypePattern()

			localctx.(*FieldPatternContext).type_ = _x
		}

	} else if p.HasError() { // JIM
		goto errorExit
	}
	p.SetState(305)
	p.GetErrorHandler().Sync(p)

	if p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 30, p.GetParserRuleContext()) == 1 {
		{
			p.SetState(302)

			var _x = p.TypePattern()

			localctx.(*FieldPatternContext).decl = _x
		}
		{
			p.SetState(303)
			p.Match(SpecParserDOT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	} else if p.HasError() { // JIM
		goto errorExit
	}
	{
		p.SetState(307)

		var _x = p.NamePattern()

		localctx.(*FieldPatternContext).name = _x
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// ITypePatternContext is an interface to support dynamic dispatch.
type ITypePatternContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllNamePattern() []INamePatternContext
	NamePattern(i int) INamePatternContext
	AllDOT() []antlr.TerminalNode
	DOT(i int) antlr.TerminalNode
	PLUS() antlr.TerminalNode
	AllLBRACK() []antlr.TerminalNode
	LBRACK(i int) antlr.TerminalNode
	AllRBRACK() []antlr.TerminalNode
	RBRACK(i int) antlr.TerminalNode

	// IsTypePatternContext differentiates from other interfaces.
	IsTypePatternContext()
}

type TypePatternContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyTypePatternContext() *TypePatternContext {
	var p = new(TypePatternContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_typePattern
	return p
}

func InitEmptyTypePatternContext(p *TypePatternContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_typePattern
}

func (*TypePatternContext) IsTypePatternContext() {}

func NewTypePatternContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *TypePatternContext {
	var p = new(TypePatternContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_typePattern

	return p
}

func (s *TypePatternContext) GetParser() antlr.Parser { return s.parser }

func (s *TypePatternContext) AllNamePattern() []INamePatternContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(INamePatternContext); ok {
			len++
		}
	}

	tst := make([]INamePatternContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(INamePatternContext); ok {
			tst[i] = t.(INamePatternContext)
			i++
		}
	}

	return tst
}

func (s *TypePatternContext) NamePattern(i int) INamePatternContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(INamePatternContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(INamePatternContext)
}

func (s *TypePatternContext) AllDOT() []antlr.TerminalNode {
	return s.GetTokens(SpecParserDOT)
}

func (s *TypePatternContext) DOT(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserDOT, i)
}

func (s *TypePatternContext) PLUS() antlr.TerminalNode {
	return s.GetToken(SpecParserPLUS, 0)
}

func (s *TypePatternContext) AllLBRACK() []antlr.TerminalNode {
	return s.GetTokens(SpecParserLBRACK)
}

func (s *TypePatternContext) LBRACK(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserLBRACK, i)
}

func (s *TypePatternContext) AllRBRACK() []antlr.TerminalNode {
	return s.GetTokens(SpecParserRBRACK)
}

func (s *TypePatternContext) RBRACK(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserRBRACK, i)
}

func (s *TypePatternContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *TypePatternContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *TypePatternContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterTypePattern(s)
	}
}

func (s *TypePatternContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitTypePattern(s)
	}
}

func (s *TypePatternContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitTypePattern(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) TypePattern() (localctx ITypePatternContext) {
	localctx = NewTypePatternContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 32, SpecParserRULE_typePattern)
	var _la int

	var _alt int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(309)
		p.NamePattern()
	}
	p.SetState(314)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 31, p.GetParserRuleContext())
	if p.HasError() {
		goto errorExit
	}
	for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
		if _alt == 1 {
			{
				p.SetState(310)
				p.Match(SpecParserDOT)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(311)
				p.NamePattern()
			}

		}
		p.SetState(316)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 31, p.GetParserRuleContext())
		if p.HasError() {
			goto errorExit
		}
	}
	p.SetState(318)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	if _la == SpecParserPLUS {
		{
			p.SetState(317)
			p.Match(SpecParserPLUS)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	}
	p.SetState(324)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == SpecParserLBRACK {
		{
			p.SetState(320)
			p.Match(SpecParserLBRACK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(321)
			p.Match(SpecParserRBRACK)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

		p.SetState(326)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// INamePatternContext is an interface to support dynamic dispatch.
type INamePatternContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	Ident() IIdentContext
	STAR() antlr.TerminalNode
	NAMEPAT() antlr.TerminalNode

	// IsNamePatternContext differentiates from other interfaces.
	IsNamePatternContext()
}

type NamePatternContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyNamePatternContext() *NamePatternContext {
	var p = new(NamePatternContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_namePattern
	return p
}

func InitEmptyNamePatternContext(p *NamePatternContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_namePattern
}

func (*NamePatternContext) IsNamePatternContext() {}

func NewNamePatternContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *NamePatternContext {
	var p = new(NamePatternContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_namePattern

	return p
}

func (s *NamePatternContext) GetParser() antlr.Parser { return s.parser }

func (s *NamePatternContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *NamePatternContext) STAR() antlr.TerminalNode {
	return s.GetToken(SpecParserSTAR, 0)
}

func (s *NamePatternContext) NAMEPAT() antlr.TerminalNode {
	return s.GetToken(SpecParserNAMEPAT, 0)
}

func (s *NamePatternContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *NamePatternContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *NamePatternContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterNamePattern(s)
	}
}

func (s *NamePatternContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitNamePattern(s)
	}
}

func (s *NamePatternContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitNamePattern(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) NamePattern() (localctx INamePatternContext) {
	localctx = NewNamePatternContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 34, SpecParserRULE_namePattern)
	p.SetState(330)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserID:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(327)
			p.Ident()
		}

	case SpecParserSTAR:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(328)
			p.Match(SpecParserSTAR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserNAMEPAT:
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(329)
			p.Match(SpecParserNAMEPAT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IExprContext is an interface to support dynamic dispatch.
type IExprContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsExprContext differentiates from other interfaces.
	IsExprContext()
}

type ExprContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyExprContext() *ExprContext {
	var p = new(ExprContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_expr
	return p
}

func InitEmptyExprContext(p *ExprContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_expr
}

func (*ExprContext) IsExprContext() {}

func NewExprContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *ExprContext {
	var p = new(ExprContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_expr

	return p
}

func (s *ExprContext) GetParser() antlr.Parser { return s.parser }

func (s *ExprContext) CopyAll(ctx *ExprContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *ExprContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExprContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type ExAndContext struct {
	ExprContext
}

func NewExAndContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ExAndContext {
	var p = new(ExAndContext)

	InitEmptyExprContext(&p.ExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*ExprContext))

	return p
}

func (s *ExAndContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExAndContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *ExAndContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExAndContext) ANDAND() antlr.TerminalNode {
	return s.GetToken(SpecParserANDAND, 0)
}

func (s *ExAndContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterExAnd(s)
	}
}

func (s *ExAndContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitExAnd(s)
	}
}

func (s *ExAndContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitExAnd(s)

	default:
		return t.VisitChildren(s)
	}
}

type ExNotContext struct {
	ExprContext
}

func NewExNotContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ExNotContext {
	var p = new(ExNotContext)

	InitEmptyExprContext(&p.ExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*ExprContext))

	return p
}

func (s *ExNotContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExNotContext) BANG() antlr.TerminalNode {
	return s.GetToken(SpecParserBANG, 0)
}

func (s *ExNotContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExNotContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterExNot(s)
	}
}

func (s *ExNotContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitExNot(s)
	}
}

func (s *ExNotContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitExNot(s)

	default:
		return t.VisitChildren(s)
	}
}

type ExParenContext struct {
	ExprContext
}

func NewExParenContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ExParenContext {
	var p = new(ExParenContext)

	InitEmptyExprContext(&p.ExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*ExprContext))

	return p
}

func (s *ExParenContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExParenContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *ExParenContext) Expr() IExprContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExParenContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *ExParenContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterExParen(s)
	}
}

func (s *ExParenContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitExParen(s)
	}
}

func (s *ExParenContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitExParen(s)

	default:
		return t.VisitChildren(s)
	}
}

type ExNameContext struct {
	ExprContext
}

func NewExNameContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ExNameContext {
	var p = new(ExNameContext)

	InitEmptyExprContext(&p.ExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*ExprContext))

	return p
}

func (s *ExNameContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExNameContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *ExNameContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterExName(s)
	}
}

func (s *ExNameContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitExName(s)
	}
}

func (s *ExNameContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitExName(s)

	default:
		return t.VisitChildren(s)
	}
}

type ExLiteralContext struct {
	ExprContext
}

func NewExLiteralContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ExLiteralContext {
	var p = new(ExLiteralContext)

	InitEmptyExprContext(&p.ExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*ExprContext))

	return p
}

func (s *ExLiteralContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExLiteralContext) Literal() ILiteralContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(ILiteralContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(ILiteralContext)
}

func (s *ExLiteralContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterExLiteral(s)
	}
}

func (s *ExLiteralContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitExLiteral(s)
	}
}

func (s *ExLiteralContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitExLiteral(s)

	default:
		return t.VisitChildren(s)
	}
}

type ExOrContext struct {
	ExprContext
}

func NewExOrContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ExOrContext {
	var p = new(ExOrContext)

	InitEmptyExprContext(&p.ExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*ExprContext))

	return p
}

func (s *ExOrContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExOrContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *ExOrContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExOrContext) OROR() antlr.TerminalNode {
	return s.GetToken(SpecParserOROR, 0)
}

func (s *ExOrContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterExOr(s)
	}
}

func (s *ExOrContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitExOr(s)
	}
}

func (s *ExOrContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitExOr(s)

	default:
		return t.VisitChildren(s)
	}
}

type ExMethodContext struct {
	ExprContext
}

func NewExMethodContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ExMethodContext {
	var p = new(ExMethodContext)

	InitEmptyExprContext(&p.ExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*ExprContext))

	return p
}

func (s *ExMethodContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExMethodContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *ExMethodContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExMethodContext) DOT() antlr.TerminalNode {
	return s.GetToken(SpecParserDOT, 0)
}

func (s *ExMethodContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *ExMethodContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *ExMethodContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *ExMethodContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterExMethod(s)
	}
}

func (s *ExMethodContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitExMethod(s)
	}
}

func (s *ExMethodContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitExMethod(s)

	default:
		return t.VisitChildren(s)
	}
}

type ExCompareContext struct {
	ExprContext
	op antlr.Token
}

func NewExCompareContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *ExCompareContext {
	var p = new(ExCompareContext)

	InitEmptyExprContext(&p.ExprContext)
	p.parser = parser
	p.CopyAll(ctx.(*ExprContext))

	return p
}

func (s *ExCompareContext) GetOp() antlr.Token { return s.op }

func (s *ExCompareContext) SetOp(v antlr.Token) { s.op = v }

func (s *ExCompareContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *ExCompareContext) AllExpr() []IExprContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IExprContext); ok {
			len++
		}
	}

	tst := make([]IExprContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IExprContext); ok {
			tst[i] = t.(IExprContext)
			i++
		}
	}

	return tst
}

func (s *ExCompareContext) Expr(i int) IExprContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IExprContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IExprContext)
}

func (s *ExCompareContext) EQ() antlr.TerminalNode {
	return s.GetToken(SpecParserEQ, 0)
}

func (s *ExCompareContext) NEQ() antlr.TerminalNode {
	return s.GetToken(SpecParserNEQ, 0)
}

func (s *ExCompareContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterExCompare(s)
	}
}

func (s *ExCompareContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitExCompare(s)
	}
}

func (s *ExCompareContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitExCompare(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Expr() (localctx IExprContext) {
	return p.expr(0)
}

func (p *SpecParser) expr(_p int) (localctx IExprContext) {
	var _parentctx antlr.ParserRuleContext = p.GetParserRuleContext()

	_parentState := p.GetState()
	localctx = NewExprContext(p, p.GetParserRuleContext(), _parentState)
	var _prevctx IExprContext = localctx
	var _ antlr.ParserRuleContext = _prevctx // TODO: To prevent unused variable warning.
	_startState := 36
	p.EnterRecursionRule(localctx, 36, SpecParserRULE_expr, _p)
	var _la int

	var _alt int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(341)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserBANG:
		localctx = NewExNotContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx

		{
			p.SetState(333)
			p.Match(SpecParserBANG)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(334)
			p.expr(7)
		}

	case SpecParserLPAREN:
		localctx = NewExParenContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(335)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(336)
			p.expr(0)
		}
		{
			p.SetState(337)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserNULL, SpecParserTRUE, SpecParserFALSE, SpecParserNUMBER, SpecParserSTRING:
		localctx = NewExLiteralContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(339)
			p.Literal()
		}

	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserID:
		localctx = NewExNameContext(p, localctx)
		p.SetParserRuleContext(localctx)
		_prevctx = localctx
		{
			p.SetState(340)
			p.Ident()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}
	p.GetParserRuleContext().SetStop(p.GetTokenStream().LT(-1))
	p.SetState(361)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 37, p.GetParserRuleContext())
	if p.HasError() {
		goto errorExit
	}
	for _alt != 2 && _alt != antlr.ATNInvalidAltNumber {
		if _alt == 1 {
			if p.GetParseListeners() != nil {
				p.TriggerExitRuleEvent()
			}
			_prevctx = localctx
			p.SetState(359)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}

			switch p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 36, p.GetParserRuleContext()) {
			case 1:
				localctx = NewExCompareContext(p, NewExprContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, SpecParserRULE_expr)
				p.SetState(343)

				if !(p.Precpred(p.GetParserRuleContext(), 6)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 6)", ""))
					goto errorExit
				}
				{
					p.SetState(344)

					var _lt = p.GetTokenStream().LT(1)

					localctx.(*ExCompareContext).op = _lt

					_la = p.GetTokenStream().LA(1)

					if !(_la == SpecParserEQ || _la == SpecParserNEQ) {
						var _ri = p.GetErrorHandler().RecoverInline(p)

						localctx.(*ExCompareContext).op = _ri
					} else {
						p.GetErrorHandler().ReportMatch(p)
						p.Consume()
					}
				}
				{
					p.SetState(345)
					p.expr(7)
				}

			case 2:
				localctx = NewExAndContext(p, NewExprContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, SpecParserRULE_expr)
				p.SetState(346)

				if !(p.Precpred(p.GetParserRuleContext(), 5)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 5)", ""))
					goto errorExit
				}
				{
					p.SetState(347)
					p.Match(SpecParserANDAND)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(348)
					p.expr(6)
				}

			case 3:
				localctx = NewExOrContext(p, NewExprContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, SpecParserRULE_expr)
				p.SetState(349)

				if !(p.Precpred(p.GetParserRuleContext(), 4)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 4)", ""))
					goto errorExit
				}
				{
					p.SetState(350)
					p.Match(SpecParserOROR)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(351)
					p.expr(5)
				}

			case 4:
				localctx = NewExMethodContext(p, NewExprContext(p, _parentctx, _parentState))
				p.PushNewRecursionContext(localctx, _startState, SpecParserRULE_expr)
				p.SetState(352)

				if !(p.Precpred(p.GetParserRuleContext(), 8)) {
					p.SetError(antlr.NewFailedPredicateException(p, "p.Precpred(p.GetParserRuleContext(), 8)", ""))
					goto errorExit
				}
				{
					p.SetState(353)
					p.Match(SpecParserDOT)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(354)
					p.Ident()
				}
				{
					p.SetState(355)
					p.Match(SpecParserLPAREN)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}
				{
					p.SetState(356)
					p.expr(0)
				}
				{
					p.SetState(357)
					p.Match(SpecParserRPAREN)
					if p.HasError() {
						// Recognition error - abort rule
						goto errorExit
					}
				}

			case antlr.ATNInvalidAltNumber:
				goto errorExit
			}

		}
		p.SetState(363)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_alt = p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 37, p.GetParserRuleContext())
		if p.HasError() {
			goto errorExit
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.UnrollRecursionContexts(_parentctx)
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// ILiteralContext is an interface to support dynamic dispatch.
type ILiteralContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	NULL() antlr.TerminalNode
	TRUE() antlr.TerminalNode
	FALSE() antlr.TerminalNode
	NUMBER() antlr.TerminalNode
	STRING() antlr.TerminalNode

	// IsLiteralContext differentiates from other interfaces.
	IsLiteralContext()
}

type LiteralContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyLiteralContext() *LiteralContext {
	var p = new(LiteralContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_literal
	return p
}

func InitEmptyLiteralContext(p *LiteralContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_literal
}

func (*LiteralContext) IsLiteralContext() {}

func NewLiteralContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *LiteralContext {
	var p = new(LiteralContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_literal

	return p
}

func (s *LiteralContext) GetParser() antlr.Parser { return s.parser }

func (s *LiteralContext) NULL() antlr.TerminalNode {
	return s.GetToken(SpecParserNULL, 0)
}

func (s *LiteralContext) TRUE() antlr.TerminalNode {
	return s.GetToken(SpecParserTRUE, 0)
}

func (s *LiteralContext) FALSE() antlr.TerminalNode {
	return s.GetToken(SpecParserFALSE, 0)
}

func (s *LiteralContext) NUMBER() antlr.TerminalNode {
	return s.GetToken(SpecParserNUMBER, 0)
}

func (s *LiteralContext) STRING() antlr.TerminalNode {
	return s.GetToken(SpecParserSTRING, 0)
}

func (s *LiteralContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *LiteralContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *LiteralContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterLiteral(s)
	}
}

func (s *LiteralContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitLiteral(s)
	}
}

func (s *LiteralContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitLiteral(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Literal() (localctx ILiteralContext) {
	localctx = NewLiteralContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 38, SpecParserRULE_literal)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(364)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&105553119936512) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IRegexContext is an interface to support dynamic dispatch.
type IRegexContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllRxAnd() []IRxAndContext
	RxAnd(i int) IRxAndContext
	AllPIPE() []antlr.TerminalNode
	PIPE(i int) antlr.TerminalNode

	// IsRegexContext differentiates from other interfaces.
	IsRegexContext()
}

type RegexContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyRegexContext() *RegexContext {
	var p = new(RegexContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_regex
	return p
}

func InitEmptyRegexContext(p *RegexContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_regex
}

func (*RegexContext) IsRegexContext() {}

func NewRegexContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *RegexContext {
	var p = new(RegexContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_regex

	return p
}

func (s *RegexContext) GetParser() antlr.Parser { return s.parser }

func (s *RegexContext) AllRxAnd() []IRxAndContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IRxAndContext); ok {
			len++
		}
	}

	tst := make([]IRxAndContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IRxAndContext); ok {
			tst[i] = t.(IRxAndContext)
			i++
		}
	}

	return tst
}

func (s *RegexContext) RxAnd(i int) IRxAndContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRxAndContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRxAndContext)
}

func (s *RegexContext) AllPIPE() []antlr.TerminalNode {
	return s.GetTokens(SpecParserPIPE)
}

func (s *RegexContext) PIPE(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserPIPE, i)
}

func (s *RegexContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RegexContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *RegexContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRegex(s)
	}
}

func (s *RegexContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRegex(s)
	}
}

func (s *RegexContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRegex(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Regex() (localctx IRegexContext) {
	localctx = NewRegexContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 40, SpecParserRULE_regex)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(366)
		p.RxAnd()
	}
	p.SetState(371)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == SpecParserPIPE {
		{
			p.SetState(367)
			p.Match(SpecParserPIPE)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(368)
			p.RxAnd()
		}

		p.SetState(373)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IRxAndContext is an interface to support dynamic dispatch.
type IRxAndContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllRxSeq() []IRxSeqContext
	RxSeq(i int) IRxSeqContext
	AllAMP() []antlr.TerminalNode
	AMP(i int) antlr.TerminalNode

	// IsRxAndContext differentiates from other interfaces.
	IsRxAndContext()
}

type RxAndContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyRxAndContext() *RxAndContext {
	var p = new(RxAndContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxAnd
	return p
}

func InitEmptyRxAndContext(p *RxAndContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxAnd
}

func (*RxAndContext) IsRxAndContext() {}

func NewRxAndContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *RxAndContext {
	var p = new(RxAndContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_rxAnd

	return p
}

func (s *RxAndContext) GetParser() antlr.Parser { return s.parser }

func (s *RxAndContext) AllRxSeq() []IRxSeqContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IRxSeqContext); ok {
			len++
		}
	}

	tst := make([]IRxSeqContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IRxSeqContext); ok {
			tst[i] = t.(IRxSeqContext)
			i++
		}
	}

	return tst
}

func (s *RxAndContext) RxSeq(i int) IRxSeqContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRxSeqContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRxSeqContext)
}

func (s *RxAndContext) AllAMP() []antlr.TerminalNode {
	return s.GetTokens(SpecParserAMP)
}

func (s *RxAndContext) AMP(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserAMP, i)
}

func (s *RxAndContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxAndContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *RxAndContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxAnd(s)
	}
}

func (s *RxAndContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxAnd(s)
	}
}

func (s *RxAndContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxAnd(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) RxAnd() (localctx IRxAndContext) {
	localctx = NewRxAndContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 42, SpecParserRULE_rxAnd)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(374)
		p.RxSeq()
	}
	p.SetState(379)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == SpecParserAMP {
		{
			p.SetState(375)
			p.Match(SpecParserAMP)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(376)
			p.RxSeq()
		}

		p.SetState(381)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IRxSeqContext is an interface to support dynamic dispatch.
type IRxSeqContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllRxPar() []IRxParContext
	RxPar(i int) IRxParContext

	// IsRxSeqContext differentiates from other interfaces.
	IsRxSeqContext()
}

type RxSeqContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyRxSeqContext() *RxSeqContext {
	var p = new(RxSeqContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxSeq
	return p
}

func InitEmptyRxSeqContext(p *RxSeqContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxSeq
}

func (*RxSeqContext) IsRxSeqContext() {}

func NewRxSeqContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *RxSeqContext {
	var p = new(RxSeqContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_rxSeq

	return p
}

func (s *RxSeqContext) GetParser() antlr.Parser { return s.parser }

func (s *RxSeqContext) AllRxPar() []IRxParContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IRxParContext); ok {
			len++
		}
	}

	tst := make([]IRxParContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IRxParContext); ok {
			tst[i] = t.(IRxParContext)
			i++
		}
	}

	return tst
}

func (s *RxSeqContext) RxPar(i int) IRxParContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRxParContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRxParContext)
}

func (s *RxSeqContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxSeqContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *RxSeqContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxSeq(s)
	}
}

func (s *RxSeqContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxSeq(s)
	}
}

func (s *RxSeqContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxSeq(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) RxSeq() (localctx IRxSeqContext) {
	localctx = NewRxSeqContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 44, SpecParserRULE_rxSeq)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	p.SetState(383)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for ok := true; ok; ok = ((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&422762225598462) != 0) {
		{
			p.SetState(382)
			p.RxPar()
		}

		p.SetState(385)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IRxParContext is an interface to support dynamic dispatch.
type IRxParContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	AllRxUnary() []IRxUnaryContext
	RxUnary(i int) IRxUnaryContext
	AllOROR() []antlr.TerminalNode
	OROR(i int) antlr.TerminalNode

	// IsRxParContext differentiates from other interfaces.
	IsRxParContext()
}

type RxParContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyRxParContext() *RxParContext {
	var p = new(RxParContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxPar
	return p
}

func InitEmptyRxParContext(p *RxParContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxPar
}

func (*RxParContext) IsRxParContext() {}

func NewRxParContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *RxParContext {
	var p = new(RxParContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_rxPar

	return p
}

func (s *RxParContext) GetParser() antlr.Parser { return s.parser }

func (s *RxParContext) AllRxUnary() []IRxUnaryContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IRxUnaryContext); ok {
			len++
		}
	}

	tst := make([]IRxUnaryContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IRxUnaryContext); ok {
			tst[i] = t.(IRxUnaryContext)
			i++
		}
	}

	return tst
}

func (s *RxParContext) RxUnary(i int) IRxUnaryContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRxUnaryContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRxUnaryContext)
}

func (s *RxParContext) AllOROR() []antlr.TerminalNode {
	return s.GetTokens(SpecParserOROR)
}

func (s *RxParContext) OROR(i int) antlr.TerminalNode {
	return s.GetToken(SpecParserOROR, i)
}

func (s *RxParContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxParContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *RxParContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxPar(s)
	}
}

func (s *RxParContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxPar(s)
	}
}

func (s *RxParContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxPar(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) RxPar() (localctx IRxParContext) {
	localctx = NewRxParContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 46, SpecParserRULE_rxPar)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(387)
		p.RxUnary()
	}
	p.SetState(392)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}
	_la = p.GetTokenStream().LA(1)

	for _la == SpecParserOROR {
		{
			p.SetState(388)
			p.Match(SpecParserOROR)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(389)
			p.RxUnary()
		}

		p.SetState(394)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IRxUnaryContext is an interface to support dynamic dispatch.
type IRxUnaryContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsRxUnaryContext differentiates from other interfaces.
	IsRxUnaryContext()
}

type RxUnaryContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyRxUnaryContext() *RxUnaryContext {
	var p = new(RxUnaryContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxUnary
	return p
}

func InitEmptyRxUnaryContext(p *RxUnaryContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxUnary
}

func (*RxUnaryContext) IsRxUnaryContext() {}

func NewRxUnaryContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *RxUnaryContext {
	var p = new(RxUnaryContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_rxUnary

	return p
}

func (s *RxUnaryContext) GetParser() antlr.Parser { return s.parser }

func (s *RxUnaryContext) CopyAll(ctx *RxUnaryContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *RxUnaryContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxUnaryContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type RxQuantifiedContext struct {
	RxUnaryContext
}

func NewRxQuantifiedContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *RxQuantifiedContext {
	var p = new(RxQuantifiedContext)

	InitEmptyRxUnaryContext(&p.RxUnaryContext)
	p.parser = parser
	p.CopyAll(ctx.(*RxUnaryContext))

	return p
}

func (s *RxQuantifiedContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxQuantifiedContext) RxAtom() IRxAtomContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRxAtomContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRxAtomContext)
}

func (s *RxQuantifiedContext) AllQuantifier() []IQuantifierContext {
	children := s.GetChildren()
	len := 0
	for _, ctx := range children {
		if _, ok := ctx.(IQuantifierContext); ok {
			len++
		}
	}

	tst := make([]IQuantifierContext, len)
	i := 0
	for _, ctx := range children {
		if t, ok := ctx.(IQuantifierContext); ok {
			tst[i] = t.(IQuantifierContext)
			i++
		}
	}

	return tst
}

func (s *RxQuantifiedContext) Quantifier(i int) IQuantifierContext {
	var t antlr.RuleContext
	j := 0
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IQuantifierContext); ok {
			if j == i {
				t = ctx.(antlr.RuleContext)
				break
			}
			j++
		}
	}

	if t == nil {
		return nil
	}

	return t.(IQuantifierContext)
}

func (s *RxQuantifiedContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxQuantified(s)
	}
}

func (s *RxQuantifiedContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxQuantified(s)
	}
}

func (s *RxQuantifiedContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxQuantified(s)

	default:
		return t.VisitChildren(s)
	}
}

type RxNotContext struct {
	RxUnaryContext
}

func NewRxNotContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *RxNotContext {
	var p = new(RxNotContext)

	InitEmptyRxUnaryContext(&p.RxUnaryContext)
	p.parser = parser
	p.CopyAll(ctx.(*RxUnaryContext))

	return p
}

func (s *RxNotContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxNotContext) BANG() antlr.TerminalNode {
	return s.GetToken(SpecParserBANG, 0)
}

func (s *RxNotContext) RxUnary() IRxUnaryContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRxUnaryContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRxUnaryContext)
}

func (s *RxNotContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxNot(s)
	}
}

func (s *RxNotContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxNot(s)
	}
}

func (s *RxNotContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxNot(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) RxUnary() (localctx IRxUnaryContext) {
	localctx = NewRxUnaryContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 48, SpecParserRULE_rxUnary)
	var _la int

	p.SetState(404)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserBANG:
		localctx = NewRxNotContext(p, localctx)
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(395)
			p.Match(SpecParserBANG)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(396)
			p.RxUnary()
		}

	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserLPAREN, SpecParserID, SpecParserNAMEPAT:
		localctx = NewRxQuantifiedContext(p, localctx)
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(397)
			p.RxAtom()
		}
		p.SetState(401)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		for (int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&7696581394432) != 0 {
			{
				p.SetState(398)
				p.Quantifier()
			}

			p.SetState(403)
			p.GetErrorHandler().Sync(p)
			if p.HasError() {
				goto errorExit
			}
			_la = p.GetTokenStream().LA(1)
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IRxAtomContext is an interface to support dynamic dispatch.
type IRxAtomContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser
	// IsRxAtomContext differentiates from other interfaces.
	IsRxAtomContext()
}

type RxAtomContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyRxAtomContext() *RxAtomContext {
	var p = new(RxAtomContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxAtom
	return p
}

func InitEmptyRxAtomContext(p *RxAtomContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxAtom
}

func (*RxAtomContext) IsRxAtomContext() {}

func NewRxAtomContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *RxAtomContext {
	var p = new(RxAtomContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_rxAtom

	return p
}

func (s *RxAtomContext) GetParser() antlr.Parser { return s.parser }

func (s *RxAtomContext) CopyAll(ctx *RxAtomContext) {
	s.CopyFrom(&ctx.BaseParserRuleContext)
}

func (s *RxAtomContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxAtomContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

type RxGroupContext struct {
	RxAtomContext
}

func NewRxGroupContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *RxGroupContext {
	var p = new(RxGroupContext)

	InitEmptyRxAtomContext(&p.RxAtomContext)
	p.parser = parser
	p.CopyAll(ctx.(*RxAtomContext))

	return p
}

func (s *RxGroupContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxGroupContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *RxGroupContext) Regex() IRegexContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRegexContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRegexContext)
}

func (s *RxGroupContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *RxGroupContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxGroup(s)
	}
}

func (s *RxGroupContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxGroup(s)
	}
}

func (s *RxGroupContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxGroup(s)

	default:
		return t.VisitChildren(s)
	}
}

type RxStarredContext struct {
	RxAtomContext
}

func NewRxStarredContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *RxStarredContext {
	var p = new(RxStarredContext)

	InitEmptyRxAtomContext(&p.RxAtomContext)
	p.parser = parser
	p.CopyAll(ctx.(*RxAtomContext))

	return p
}

func (s *RxStarredContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxStarredContext) NAMEPAT() antlr.TerminalNode {
	return s.GetToken(SpecParserNAMEPAT, 0)
}

func (s *RxStarredContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxStarred(s)
	}
}

func (s *RxStarredContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxStarred(s)
	}
}

func (s *RxStarredContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxStarred(s)

	default:
		return t.VisitChildren(s)
	}
}

type RxEventContext struct {
	RxAtomContext
}

func NewRxEventContext(parser antlr.Parser, ctx antlr.ParserRuleContext) *RxEventContext {
	var p = new(RxEventContext)

	InitEmptyRxAtomContext(&p.RxAtomContext)
	p.parser = parser
	p.CopyAll(ctx.(*RxAtomContext))

	return p
}

func (s *RxEventContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxEventContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *RxEventContext) LPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserLPAREN, 0)
}

func (s *RxEventContext) RxAttrs() IRxAttrsContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRxAttrsContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRxAttrsContext)
}

func (s *RxEventContext) RPAREN() antlr.TerminalNode {
	return s.GetToken(SpecParserRPAREN, 0)
}

func (s *RxEventContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxEvent(s)
	}
}

func (s *RxEventContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxEvent(s)
	}
}

func (s *RxEventContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxEvent(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) RxAtom() (localctx IRxAtomContext) {
	localctx = NewRxAtomContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 50, SpecParserRULE_rxAtom)
	p.SetState(418)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserID:
		localctx = NewRxEventContext(p, localctx)
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(406)
			p.Ident()
		}
		p.SetState(411)
		p.GetErrorHandler().Sync(p)

		if p.GetInterpreter().AdaptivePredict(p.BaseParser, p.GetTokenStream(), 44, p.GetParserRuleContext()) == 1 {
			{
				p.SetState(407)
				p.Match(SpecParserLPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(408)
				p.RxAttrs()
			}
			{
				p.SetState(409)
				p.Match(SpecParserRPAREN)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}

		} else if p.HasError() { // JIM
			goto errorExit
		}

	case SpecParserNAMEPAT:
		localctx = NewRxStarredContext(p, localctx)
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(413)
			p.Match(SpecParserNAMEPAT)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	case SpecParserLPAREN:
		localctx = NewRxGroupContext(p, localctx)
		p.EnterOuterAlt(localctx, 3)
		{
			p.SetState(414)
			p.Match(SpecParserLPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}
		{
			p.SetState(415)
			p.Regex()
		}
		{
			p.SetState(416)
			p.Match(SpecParserRPAREN)
			if p.HasError() {
				// Recognition error - abort rule
				goto errorExit
			}
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IQuantifierContext is an interface to support dynamic dispatch.
type IQuantifierContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	STAR() antlr.TerminalNode
	PLUS() antlr.TerminalNode
	QUESTION() antlr.TerminalNode

	// IsQuantifierContext differentiates from other interfaces.
	IsQuantifierContext()
}

type QuantifierContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyQuantifierContext() *QuantifierContext {
	var p = new(QuantifierContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_quantifier
	return p
}

func InitEmptyQuantifierContext(p *QuantifierContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_quantifier
}

func (*QuantifierContext) IsQuantifierContext() {}

func NewQuantifierContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *QuantifierContext {
	var p = new(QuantifierContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_quantifier

	return p
}

func (s *QuantifierContext) GetParser() antlr.Parser { return s.parser }

func (s *QuantifierContext) STAR() antlr.TerminalNode {
	return s.GetToken(SpecParserSTAR, 0)
}

func (s *QuantifierContext) PLUS() antlr.TerminalNode {
	return s.GetToken(SpecParserPLUS, 0)
}

func (s *QuantifierContext) QUESTION() antlr.TerminalNode {
	return s.GetToken(SpecParserQUESTION, 0)
}

func (s *QuantifierContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *QuantifierContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *QuantifierContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterQuantifier(s)
	}
}

func (s *QuantifierContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitQuantifier(s)
	}
}

func (s *QuantifierContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitQuantifier(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Quantifier() (localctx IQuantifierContext) {
	localctx = NewQuantifierContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 52, SpecParserRULE_quantifier)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(420)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&7696581394432) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IRxAttrsContext is an interface to support dynamic dispatch.
type IRxAttrsContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// GetThread returns the thread rule contexts.
	GetThread() IIdentContext

	// SetThread sets the thread rule contexts.
	SetThread(IIdentContext)

	// Getter signatures
	Ident() IIdentContext
	COMMA() antlr.TerminalNode
	RxMark() IRxMarkContext

	// IsRxAttrsContext differentiates from other interfaces.
	IsRxAttrsContext()
}

type RxAttrsContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
	thread IIdentContext
}

func NewEmptyRxAttrsContext() *RxAttrsContext {
	var p = new(RxAttrsContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxAttrs
	return p
}

func InitEmptyRxAttrsContext(p *RxAttrsContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxAttrs
}

func (*RxAttrsContext) IsRxAttrsContext() {}

func NewRxAttrsContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *RxAttrsContext {
	var p = new(RxAttrsContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_rxAttrs

	return p
}

func (s *RxAttrsContext) GetParser() antlr.Parser { return s.parser }

func (s *RxAttrsContext) GetThread() IIdentContext { return s.thread }

func (s *RxAttrsContext) SetThread(v IIdentContext) { s.thread = v }

func (s *RxAttrsContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *RxAttrsContext) COMMA() antlr.TerminalNode {
	return s.GetToken(SpecParserCOMMA, 0)
}

func (s *RxAttrsContext) RxMark() IRxMarkContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IRxMarkContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IRxMarkContext)
}

func (s *RxAttrsContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxAttrsContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *RxAttrsContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxAttrs(s)
	}
}

func (s *RxAttrsContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxAttrs(s)
	}
}

func (s *RxAttrsContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxAttrs(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) RxAttrs() (localctx IRxAttrsContext) {
	localctx = NewRxAttrsContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 54, SpecParserRULE_rxAttrs)
	var _la int

	p.SetState(428)
	p.GetErrorHandler().Sync(p)
	if p.HasError() {
		goto errorExit
	}

	switch p.GetTokenStream().LA(1) {
	case SpecParserEVENT, SpecParserBEFORE, SpecParserAFTER, SpecParserRETURNING, SpecParserPATTERN, SpecParserCALL, SpecParserEXECUTION, SpecParserGET, SpecParserSET, SpecParserTARGET, SpecParserARGS, SpecParserLOCATION, SpecParserLOCK, SpecParserUNLOCK, SpecParserVOLATILE, SpecParserWITHIN, SpecParserHOLDS, SpecParserIF, SpecParserID:
		p.EnterOuterAlt(localctx, 1)
		{
			p.SetState(422)

			var _x = p.Ident()

			localctx.(*RxAttrsContext).thread = _x
		}
		p.SetState(425)
		p.GetErrorHandler().Sync(p)
		if p.HasError() {
			goto errorExit
		}
		_la = p.GetTokenStream().LA(1)

		if _la == SpecParserCOMMA {
			{
				p.SetState(423)
				p.Match(SpecParserCOMMA)
				if p.HasError() {
					// Recognition error - abort rule
					goto errorExit
				}
			}
			{
				p.SetState(424)
				p.RxMark()
			}

		}

	case SpecParserLT, SpecParserGT:
		p.EnterOuterAlt(localctx, 2)
		{
			p.SetState(427)
			p.RxMark()
		}

	default:
		p.SetError(antlr.NewNoViableAltException(p, nil, nil, nil, nil, nil))
		goto errorExit
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IRxMarkContext is an interface to support dynamic dispatch.
type IRxMarkContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	Ident() IIdentContext
	LT() antlr.TerminalNode
	GT() antlr.TerminalNode

	// IsRxMarkContext differentiates from other interfaces.
	IsRxMarkContext()
}

type RxMarkContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyRxMarkContext() *RxMarkContext {
	var p = new(RxMarkContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxMark
	return p
}

func InitEmptyRxMarkContext(p *RxMarkContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_rxMark
}

func (*RxMarkContext) IsRxMarkContext() {}

func NewRxMarkContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *RxMarkContext {
	var p = new(RxMarkContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_rxMark

	return p
}

func (s *RxMarkContext) GetParser() antlr.Parser { return s.parser }

func (s *RxMarkContext) Ident() IIdentContext {
	var t antlr.RuleContext
	for _, ctx := range s.GetChildren() {
		if _, ok := ctx.(IIdentContext); ok {
			t = ctx.(antlr.RuleContext)
			break
		}
	}

	if t == nil {
		return nil
	}

	return t.(IIdentContext)
}

func (s *RxMarkContext) LT() antlr.TerminalNode {
	return s.GetToken(SpecParserLT, 0)
}

func (s *RxMarkContext) GT() antlr.TerminalNode {
	return s.GetToken(SpecParserGT, 0)
}

func (s *RxMarkContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *RxMarkContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *RxMarkContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterRxMark(s)
	}
}

func (s *RxMarkContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitRxMark(s)
	}
}

func (s *RxMarkContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitRxMark(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) RxMark() (localctx IRxMarkContext) {
	localctx = NewRxMarkContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 56, SpecParserRULE_rxMark)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(430)
		_la = p.GetTokenStream().LA(1)

		if !(_la == SpecParserLT || _la == SpecParserGT) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}
	{
		p.SetState(431)
		p.Ident()
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

// IIdentContext is an interface to support dynamic dispatch.
type IIdentContext interface {
	antlr.ParserRuleContext

	// GetParser returns the parser.
	GetParser() antlr.Parser

	// Getter signatures
	ID() antlr.TerminalNode
	EVENT() antlr.TerminalNode
	BEFORE() antlr.TerminalNode
	AFTER() antlr.TerminalNode
	RETURNING() antlr.TerminalNode
	PATTERN() antlr.TerminalNode
	CALL() antlr.TerminalNode
	EXECUTION() antlr.TerminalNode
	GET() antlr.TerminalNode
	SET() antlr.TerminalNode
	TARGET() antlr.TerminalNode
	ARGS() antlr.TerminalNode
	LOCATION() antlr.TerminalNode
	LOCK() antlr.TerminalNode
	UNLOCK() antlr.TerminalNode
	VOLATILE() antlr.TerminalNode
	WITHIN() antlr.TerminalNode
	HOLDS() antlr.TerminalNode
	IF() antlr.TerminalNode

	// IsIdentContext differentiates from other interfaces.
	IsIdentContext()
}

type IdentContext struct {
	antlr.BaseParserRuleContext
	parser antlr.Parser
}

func NewEmptyIdentContext() *IdentContext {
	var p = new(IdentContext)
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_ident
	return p
}

func InitEmptyIdentContext(p *IdentContext) {
	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, nil, -1)
	p.RuleIndex = SpecParserRULE_ident
}

func (*IdentContext) IsIdentContext() {}

func NewIdentContext(parser antlr.Parser, parent antlr.ParserRuleContext, invokingState int) *IdentContext {
	var p = new(IdentContext)

	antlr.InitBaseParserRuleContext(&p.BaseParserRuleContext, parent, invokingState)

	p.parser = parser
	p.RuleIndex = SpecParserRULE_ident

	return p
}

func (s *IdentContext) GetParser() antlr.Parser { return s.parser }

func (s *IdentContext) ID() antlr.TerminalNode {
	return s.GetToken(SpecParserID, 0)
}

func (s *IdentContext) EVENT() antlr.TerminalNode {
	return s.GetToken(SpecParserEVENT, 0)
}

func (s *IdentContext) BEFORE() antlr.TerminalNode {
	return s.GetToken(SpecParserBEFORE, 0)
}

func (s *IdentContext) AFTER() antlr.TerminalNode {
	return s.GetToken(SpecParserAFTER, 0)
}

func (s *IdentContext) RETURNING() antlr.TerminalNode {
	return s.GetToken(SpecParserRETURNING, 0)
}

func (s *IdentContext) PATTERN() antlr.TerminalNode {
	return s.GetToken(SpecParserPATTERN, 0)
}

func (s *IdentContext) CALL() antlr.TerminalNode {
	return s.GetToken(SpecParserCALL, 0)
}

func (s *IdentContext) EXECUTION() antlr.TerminalNode {
	return s.GetToken(SpecParserEXECUTION, 0)
}

func (s *IdentContext) GET() antlr.TerminalNode {
	return s.GetToken(SpecParserGET, 0)
}

func (s *IdentContext) SET() antlr.TerminalNode {
	return s.GetToken(SpecParserSET, 0)
}

func (s *IdentContext) TARGET() antlr.TerminalNode {
	return s.GetToken(SpecParserTARGET, 0)
}

func (s *IdentContext) ARGS() antlr.TerminalNode {
	return s.GetToken(SpecParserARGS, 0)
}

func (s *IdentContext) LOCATION() antlr.TerminalNode {
	return s.GetToken(SpecParserLOCATION, 0)
}

func (s *IdentContext) LOCK() antlr.TerminalNode {
	return s.GetToken(SpecParserLOCK, 0)
}

func (s *IdentContext) UNLOCK() antlr.TerminalNode {
	return s.GetToken(SpecParserUNLOCK, 0)
}

func (s *IdentContext) VOLATILE() antlr.TerminalNode {
	return s.GetToken(SpecParserVOLATILE, 0)
}

func (s *IdentContext) WITHIN() antlr.TerminalNode {
	return s.GetToken(SpecParserWITHIN, 0)
}

func (s *IdentContext) HOLDS() antlr.TerminalNode {
	return s.GetToken(SpecParserHOLDS, 0)
}

func (s *IdentContext) IF() antlr.TerminalNode {
	return s.GetToken(SpecParserIF, 0)
}

func (s *IdentContext) GetRuleContext() antlr.RuleContext {
	return s
}

func (s *IdentContext) ToStringTree(ruleNames []string, recog antlr.Recognizer) string {
	return antlr.TreesStringTree(s, ruleNames, recog)
}

func (s *IdentContext) EnterRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.EnterIdent(s)
	}
}

func (s *IdentContext) ExitRule(listener antlr.ParseTreeListener) {
	if listenerT, ok := listener.(SpecListener); ok {
		listenerT.ExitIdent(s)
	}
}

func (s *IdentContext) Accept(visitor antlr.ParseTreeVisitor) interface{} {
	switch t := visitor.(type) {
	case SpecVisitor:
		return t.VisitIdent(s)

	default:
		return t.VisitChildren(s)
	}
}

func (p *SpecParser) Ident() (localctx IIdentContext) {
	localctx = NewIdentContext(p, p.GetParserRuleContext(), p.GetState())
	p.EnterRule(localctx, 58, SpecParserRULE_ident)
	var _la int

	p.EnterOuterAlt(localctx, 1)
	{
		p.SetState(433)
		_la = p.GetTokenStream().LA(1)

		if !((int64(_la) & ^0x3f) == 0 && ((int64(1)<<_la)&140737488879614) != 0) {
			p.GetErrorHandler().RecoverInline(p)
		} else {
			p.GetErrorHandler().ReportMatch(p)
			p.Consume()
		}
	}

errorExit:
	if p.HasError() {
		v := p.GetError()
		localctx.SetException(v)
		p.GetErrorHandler().ReportError(p, v)
		p.GetErrorHandler().Recover(p, v)
		p.SetError(nil)
	}
	p.ExitRule()
	return localctx
	goto errorExit // Trick to prevent compiler error if the label is not used
}

func (p *SpecParser) Sempred(localctx antlr.RuleContext, ruleIndex, predIndex int) bool {
	switch ruleIndex {
	case 8:
		var t *PointcutContext = nil
		if localctx != nil {
			t = localctx.(*PointcutContext)
		}
		return p.Pointcut_Sempred(t, predIndex)

	case 18:
		var t *ExprContext = nil
		if localctx != nil {
			t = localctx.(*ExprContext)
		}
		return p.Expr_Sempred(t, predIndex)

	default:
		panic("No predicate with index: " + fmt.Sprint(ruleIndex))
	}
}

func (p *SpecParser) Pointcut_Sempred(localctx antlr.RuleContext, predIndex int) bool {
	switch predIndex {
	case 0:
		return p.Precpred(p.GetParserRuleContext(), 4)

	case 1:
		return p.Precpred(p.GetParserRuleContext(), 3)

	default:
		panic("No predicate with index: " + fmt.Sprint(predIndex))
	}
}

func (p *SpecParser) Expr_Sempred(localctx antlr.RuleContext, predIndex int) bool {
	switch predIndex {
	case 2:
		return p.Precpred(p.GetParserRuleContext(), 6)

	case 3:
		return p.Precpred(p.GetParserRuleContext(), 5)

	case 4:
		return p.Precpred(p.GetParserRuleContext(), 4)

	case 5:
		return p.Precpred(p.GetParserRuleContext(), 8)

	default:
		panic("No predicate with index: " + fmt.Sprint(predIndex))
	}
}
