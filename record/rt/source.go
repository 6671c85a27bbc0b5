package rt

import "embed"

// Source holds the files of this package that the recorder copies into
// the user's module (everything but this file, the doc and the tests).
//
//go:embed rt_*.go g_*.go g_*.s
var Source embed.FS
