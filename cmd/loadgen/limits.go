package main

import (
	"bufio"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// checkLoopback refuses any target that is not on this machine's
// loopback interface: loadgen loads only its own box.
func checkLoopback(target string) (*url.URL, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, fmt.Errorf("target %q: %w", target, err)
	}
	if u.Scheme != "ws" && u.Scheme != "http" {
		return nil, fmt.Errorf("target %q: scheme must be ws or http (loopback has no need of TLS)", target)
	}
	host := u.Hostname()
	if host == "localhost" {
		return u, nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("target %q is not a loopback address: loadgen only loads this machine", target)
	}
	return u, nil
}

// raiseFileLimit raises the soft open-file limit to the hard one and
// returns it.
func raiseFileLimit() (uint64, error) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, err
	}
	if r.Cur < r.Max {
		r.Cur = r.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
			return 0, err
		}
	}
	return r.Cur, nil
}

// rssKB returns the resident set size of process pid in kB, from
// /proc/PID/status (VmRSS).
func rssKB(pid int) (int64, error) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat times;
// 100 on every Linux this runs on.
const clockTicks = 100

// cpuSeconds returns the user plus system CPU time process pid has used,
// from /proc/PID/stat (pid 0: this process).
func cpuSeconds(pid int) (float64, error) {
	p := "self"
	if pid > 0 {
		p = strconv.Itoa(pid)
	}
	b, err := os.ReadFile("/proc/" + p + "/stat")
	if err != nil {
		return 0, err
	}
	// The command name may hold spaces; fields resume after its ')'.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc/%s/stat: no ')'", p)
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (state); utime and stime are fields 14 and 15.
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%s/stat: %d fields", p, len(f))
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%s/stat: bad times %q %q", p, f[11], f[12])
	}
	return float64(u+s) / clockTicks, nil
}
