package driver

// This file stops a build cleanly when fgpu is interrupted (SIGINT,
// SIGTERM): the compilers it started are killed and its temporary folders
// removed, so neither outlives it (cmd/fgpu installs the handler).

import (
	"os"
	"os/exec"
	"sync"
	"syscall"
)

var live = struct {
	sync.Mutex
	procs    map[*os.Process]bool
	dirs     map[string]bool
	stopping bool
}{procs: map[*os.Process]bool{}, dirs: map[string]bool{}}

// errInterrupted is returned by a tool started after an interrupt.
var errInterrupted = &os.SyscallError{Syscall: "start", Err: syscall.EINTR}

// RunCommand runs cmd as Run does, killed by Interrupt while it runs.
func RunCommand(cmd *exec.Cmd) error {
	live.Lock()
	if live.stopping {
		live.Unlock()
		return errInterrupted
	}
	if err := cmd.Start(); err != nil {
		live.Unlock()
		return err
	}
	p := cmd.Process
	live.procs[p] = true
	live.Unlock()
	err := cmd.Wait()
	live.Lock()
	delete(live.procs, p)
	live.Unlock()
	return err
}

// TempDir makes a temporary folder (os.MkdirTemp("", pattern)) that
// Interrupt removes; the returned function removes it and forgets it.
func TempDir(pattern string) (string, func(), error) {
	dir, err := os.MkdirTemp("", pattern)
	if err != nil {
		return "", nil, err
	}
	TrackDir(dir)
	return dir, func() { os.RemoveAll(dir); UntrackDir(dir) }, nil
}

// TrackDir has Interrupt remove dir.
func TrackDir(dir string) {
	live.Lock()
	live.dirs[dir] = true
	live.Unlock()
}

// UntrackDir forgets dir (removed or kept by its owner).
func UntrackDir(dir string) {
	live.Lock()
	delete(live.dirs, dir)
	live.Unlock()
}

// Interrupt kills the running tools, waits for nothing, removes the
// temporary folders and refuses to start more tools. The caller exits.
func Interrupt() {
	live.Lock()
	defer live.Unlock()
	live.stopping = true
	for p := range live.procs {
		p.Kill()
	}
	for d := range live.dirs {
		os.RemoveAll(d)
	}
}
