package testenv

import (
	"flag"
	"strconv"
)

// Parallel sets -test.parallel to n unless the command line sets it. It
// is for a package whose parallel tests spend their time waiting (on
// sockets, timers, servers in other processes) rather than computing:
// the default, GOMAXPROCS, would let only two of them wait at once on a
// 2-core machine. TestMain calls it before Main or Run:
//
//	func TestMain(m *testing.M) {
//		testenv.Parallel(8)
//		testenv.Main(m)
//	}
func Parallel(n int) {
	if !flag.Parsed() {
		flag.Parse()
	}
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		_ = flag.Set("test.parallel", strconv.Itoa(n))
	}
}
