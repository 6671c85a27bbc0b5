package main

import (
	"fmt"
	"strings"
)

// buffers writes and reads a strings.Builder, whose variable's values are
// versions (record/rt rt_stdbuf.go).
func buffers() string {
	var sb strings.Builder
	sb.WriteString("v")
	fmt.Fprintf(&sb, "%d", sb.Len())
	return sb.String()
}
