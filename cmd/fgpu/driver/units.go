package driver

// This file compiles the kernels' translation units (emit/kunits.go: the
// kernels of one source file, or a chunk of a file with many) in parallel,
// with at most Options.Jobs compiler processes at a time (-j; default the
// number of cores), while the host files compile: the host compiles are
// one chain (each file needs the modules of those before it) holding one
// slot from its first command to its last, and the units take the others
// (all of them once the chain is done). Each unit is
// cached on its own (kcache.go), so a change in one file recompiles that
// file's units only.

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"fgpu/emit"
	"fgpu/frontend/target"
)

// kernelJob is the compile of one unit.
type kernelJob struct {
	src, obj, text string
	args           []string
	cmds           [][]string // the commands it ran, for build.sh
	err            error
}

// jobs is the number of compiler processes a build runs at a time.
func (o Options) jobs() int {
	if o.Jobs > 0 {
		return o.Jobs
	}
	return max(runtime.NumCPU(), 1)
}

// kernelUnits are the translation units of out's kernels: emit's units
// (cpu, cuda), else the one kernel file (metal_cpu).
func kernelUnits(out *emit.Output, t *target.Target) []emit.KernelUnit {
	if len(out.KernelUnits) > 0 {
		return out.KernelUnits
	}
	if out.Kernels == "" {
		return nil
	}
	name := out.KernelFile
	if name == "" {
		name = t.KernelFile
	}
	return []emit.KernelUnit{{File: name, Text: out.Kernels}}
}

// kernelJobs writes the units into the work directory and makes their
// compile commands (in the builder's goroutine: the names are reserved
// here).
func (b *builder) kernelJobs(units []emit.KernelUnit, rtDir string) ([]*kernelJob, error) {
	var jobs []*kernelJob
	for _, u := range units {
		src, err := b.workFile(u.File, u.Text)
		if err != nil {
			return nil, err
		}
		obj := b.object(src)
		args := append(b.kernelCompiler(), target.WithArch(b.t.KernelFlags(b.opts.Opt, b.opts.Fast), b.opts.CUDAArch)...)
		if slices.Contains(b.opts.HostFlags, "-g") {
			args = append(args, "-g") // host-side debug information (nvcc's -G, device debugging, is not implied)
		}
		if b.t.IsCPU() || b.t.IsMetalCPU() {
			// The user's code-generation choices reach the C++ kernels
			// as they reach the host compile (kernelCodegenFlags).
			args = append(args, kernelCodegenFlags(b.opts.HostFlags)...)
		}
		args = append(args, "-I", rtDir, "-c", src, "-o", obj)
		jobs = append(jobs, &kernelJob{src: src, obj: obj, text: u.Text, args: args})
	}
	return jobs, nil
}

// startKernels compiles jobs in the background, each under a slot of
// slots (the host files' chain holds one); wait waits for them and returns the first failure in the
// units' order. After a failure (failed set, by a unit or by the host
// chain) the units not yet started are not compiled.
func (b *builder) startKernels(jobs []*kernelJob, rtDir string, slots chan struct{}, failed *atomic.Bool) (wait func() error) {
	var wg sync.WaitGroup
	next := make(chan *kernelJob, len(jobs))
	for _, j := range jobs {
		next <- j
	}
	close(next)
	workers := min(b.opts.jobs(), len(jobs))
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				if failed.Load() {
					continue
				}
				kb := &builder{opts: b.opts, t: b.t, tc: b.tc, work: b.work, slots: slots}
				j.err = kb.compileKernel(j.args, j.src, j.obj, j.text, rtDir)
				j.cmds = kb.cmds
				if j.err != nil {
					failed.Store(true)
				}
			}
		}()
	}
	hostCmds := len(b.cmds)
	var once sync.Once
	var err error
	return func() error {
		once.Do(func() {
			wg.Wait()
			var ks [][]string
			for _, j := range jobs {
				if j.err != nil && err == nil {
					err = j.err
				}
				ks = append(ks, j.cmds...)
			}
			// build.sh: the kernels' commands before the host's, as
			// they can run.
			b.cmds = append(append(b.cmds[:hostCmds:hostCmds], ks...), b.cmds[hostCmds:]...)
		})
		return err
	}
}
