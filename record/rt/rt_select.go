package rt

import "strings"

// SelectingRecv is Selecting for a select whose cases are all receives,
// given their channels: the note names them ("# blocks THREAD select
// recv=CH1,CH2 stack=ID @SITE"), so that a goroutine the run leaves in
// the select is known to wait to receive from them (record's collector
// writes a recvwait for a select of one channel). A nil channel, which
// never receives, is left out. Each channel named is declared first, as
// by its other operations.
func SelectingRecv(site string, chans ...any) {
	withState(func(s *gstate) {
		var names []string
		for _, ch := range chans {
			if c := chanOf(ch); c != nil {
				c.declare(s)
				names = append(names, c.name)
			}
		}
		recv := ""
		if len(names) > 0 {
			recv = " recv=" + strings.Join(names, ",")
		}
		s.line("# blocks " + s.name + " select" + recv + " stack=" + s.stackID() + " @" + site)
	})
}
