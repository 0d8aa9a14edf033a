package rules

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// The garbage collector took a fifth of the CPU time of a 50,000-line check
// (the heap grows to 400 MB of facts, and GOGC=100 marks it again at every
// doubling). While facts are extracted and evaluated, gcRelaxed lets the
// heap grow to 5x the live data (GOGC=400) but no further than a memory
// limit of 768 MiB. A program whose live heap outgrows 60% of that limit
// would make the collector run without pause at the limit: once a watcher
// sees that, the default settings come back (GOGC=100, no limit) for the
// rest of the phase. GOGC or GOMEMLIMIT in the environment win: with
// either set, nothing changes.

const (
	gcPercent   = 400
	gcLimit     = 768 << 20
	gcLiveShare = 0.6
)

var gcState struct {
	sync.Mutex
	users            int
	prevPct, prevLim int64
	relaxed          bool
	stop             chan struct{}
	envSet           bool
	envOnce          sync.Once
}

// liveHeap is the heap the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// gcRelaxed applies the settings above and returns the function that
// restores the previous ones (concurrent users share them: the last one
// restores).
func gcRelaxed() func() {
	gcState.envOnce.Do(func() {
		gcState.envSet = os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != ""
	})
	if gcState.envSet {
		return func() {}
	}
	gcState.Lock()
	defer gcState.Unlock()
	gcState.users++
	if gcState.users == 1 && float64(liveHeap()) < gcLiveShare*gcLimit {
		gcState.prevLim = debug.SetMemoryLimit(gcLimit)
		gcState.prevPct = int64(debug.SetGCPercent(gcPercent))
		gcState.relaxed = true
		gcState.stop = make(chan struct{})
		go gcWatch(gcState.stop)
	}
	return func() {
		gcState.Lock()
		defer gcState.Unlock()
		gcState.users--
		if gcState.users == 0 && gcState.relaxed {
			close(gcState.stop)
			gcDefaults()
		}
	}
}

// gcDefaults restores the settings gcRelaxed found (with gcState held).
func gcDefaults() {
	debug.SetGCPercent(int(gcState.prevPct))
	debug.SetMemoryLimit(gcState.prevLim)
	gcState.relaxed = false
}

// gcWatch restores the defaults once the live heap outgrows its share of
// the limit.
func gcWatch(stop chan struct{}) {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if float64(liveHeap()) < gcLiveShare*gcLimit {
				continue
			}
			gcState.Lock()
			select {
			case <-stop: // restored already
			default:
				if gcState.relaxed {
					gcDefaults()
				}
			}
			gcState.Unlock()
			return
		}
	}
}
