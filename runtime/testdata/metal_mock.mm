// metal_mock.mm: a stand-in Metal, Foundation and Mach-O for running the
// Metal runtime (fgpu_rt_metal.mm) on Linux in tests: the classes behind
// the declarations of runtime/src/metal-standin, compiled by clang for
// GCC's Objective-C runtime (libobjc, no ARC). "GPU" memory is malloc'd;
// a command buffer records its commands and, once committed, runs them on
// a thread of its own, after the command buffers committed before it (as
// a queue orders them), so that a wait the runtime leaves out shows. A
// dispatch calls the kernel compiled as C++ from the program's MSL
// (emit/fgpu_msl_cpu.h) through a trampoline the test registers by name
// (fgpu_mock_register): one thread at a time, in FGPU_CPU_ORDER's order,
// or by threadgroups of fibers for a threadgroup dispatch. The dispatches
// of a compute encoder between two memory barriers, which Metal may run in
// any order or at once, run in the reverse of their encoding order: a
// barrier the runtime leaves out between dependent launches shows.

#import <Foundation/Foundation.h>
#import <Metal/Metal.h>
#include <dispatch/dispatch.h>
#include <mach-o/dyld.h>
#include <mach-o/getsect.h>
#include <mach-o/ldsyms.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

extern "C" id class_createInstance(Class, size_t);

// ---- The kernels' registry -------------------------------------------------

// A trampoline: the argument struct, the buffers ([[buffer(1..)]]), and for
// a one-thread-an-iteration kernel the grid size (it runs every thread),
// for a threadgroup kernel the threadgroups and their threads.
typedef void (*fgpu_mock_fn)(const void* args, void* const* bufs, unsigned long threads, unsigned long groups);

namespace {
std::map<std::string, fgpu_mock_fn>& registry() {
    static std::map<std::string, fgpu_mock_fn> r;
    return r;
}
} // namespace

extern "C" void fgpu_mock_register(const char* name, fgpu_mock_fn fn) { registry()[name] = fn; }

// ---- Foundation ------------------------------------------------------------

@implementation NSObject
+ (instancetype)alloc {
    return class_createInstance(self, 0);
}
- (instancetype)init {
    return self;
}
+ (instancetype)new {
    return [[self alloc] init];
}
- (BOOL)isEqual:(id)object {
    return self == object;
}
- (NSString*)description {
    return nil;
}
@end

@interface NSAutoreleasePool : NSObject
- (void)drain;
- (void)release;
@end
@implementation NSAutoreleasePool
- (void)drain {
}
- (void)release {
}
@end

@interface MockString : NSString {
  @public
    std::string* s;
}
@end
@implementation MockString
@end
@implementation NSString
+ (instancetype)stringWithUTF8String:(const char*)c {
    MockString* n = [MockString new];
    n->s = new std::string(c);
    return n;
}
- (const char*)UTF8String {
    return ((MockString*)self)->s->c_str();
}
- (NSUInteger)length {
    return ((MockString*)self)->s->size();
}
@end

@implementation NSURL
+ (NSURL*)fileURLWithPath:(NSString*)path {
    (void)path;
    return [NSURL new];
}
@end

@implementation NSError
- (NSErrorDomain)domain {
    return nil;
}
- (NSInteger)code {
    return 1;
}
- (NSString*)localizedDescription {
    return [NSString stringWithUTF8String:"mock error"];
}
@end

@interface MockArray : NSArray {
  @public
    std::vector<id>* items;
}
@end
@implementation MockArray
@end
@implementation NSArray
- (NSUInteger)count {
    return ((MockArray*)self)->items->size();
}
- (id)objectAtIndex:(NSUInteger)i {
    return (*((MockArray*)self)->items)[i];
}
- (id)objectAtIndexedSubscript:(NSUInteger)i {
    return (*((MockArray*)self)->items)[i];
}
@end

extern "C" dispatch_data_t dispatch_data_create(const void*, size_t, dispatch_queue_t, dispatch_block_t) {
    return nil;
}

// ---- Mach-O --------------------------------------------------------------

extern "C" const struct mach_header_64 _mh_execute_header = {};
extern "C" uint8_t* getsectiondata(const struct mach_header_64*, const char*, const char*, unsigned long* size) {
    *size = 0;
    return nullptr; // (no embedded library: the runtime looks beside the executable)
}
extern "C" int _NSGetExecutablePath(char* buf, uint32_t* bufsize) {
    ssize_t n = readlink("/proc/self/exe", buf, *bufsize - 1);
    if (n < 0) return -1;
    buf[n] = 0;
    return 0;
}

// ---- Metal ----------------------------------------------------------------

@interface MockBuffer : NSObject <MTLBuffer> {
  @public
    void* p;
    NSUInteger n;
}
@end
@implementation MockBuffer
- (NSUInteger)length {
    return n;
}
- (void*)contents {
    return p;
}
- (NSString*)label {
    return nil;
}
- (void)setLabel:(NSString*)l {
    (void)l;
}
- (id<MTLDevice>)device {
    return nil;
}
- (MTLStorageMode)storageMode {
    return MTLStorageModeShared;
}
- (NSUInteger)allocatedSize {
    return n;
}
@end

@interface MockFunction : NSObject <MTLFunction> {
  @public
    NSString* fname;
}
@end
@implementation MockFunction
- (NSString*)label {
    return nil;
}
- (void)setLabel:(NSString*)l {
    (void)l;
}
- (NSString*)name {
    return fname;
}
@end

@interface MockLibrary : NSObject <MTLLibrary>
@end
@implementation MockLibrary
- (NSString*)label {
    return nil;
}
- (void)setLabel:(NSString*)l {
    (void)l;
}
- (id<MTLFunction>)newFunctionWithName:(NSString*)name {
    if (registry().count(name.UTF8String) == 0) return nil;
    MockFunction* f = [MockFunction new];
    f->fname = name;
    return f;
}
@end

@interface MockPipeline : NSObject <MTLComputePipelineState> {
  @public
    fgpu_mock_fn fn;
}
@end
@implementation MockPipeline
- (NSUInteger)maxTotalThreadsPerThreadgroup {
    return 96; // (fgpu_msl_cpu.h's FGPU_MSL_TG: its fibers' threadgroup)
}
- (NSUInteger)threadExecutionWidth {
    return 32;
}
- (NSUInteger)staticThreadgroupMemoryLength {
    return 0;
}
@end

namespace {
// Command buffers run in commit order: each waits for the one before.
std::mutex order_mu;
std::condition_variable order_cv;
unsigned long committed = 0, finished = 0;
unsigned long dispatches = 0, blits = 0, barriers = 0, buffers = 0;
} // namespace

// A command: a dispatch may run before the dispatches encoded before it
// since the last barrier (reorder), anything else is in order.
struct MockCmd {
    std::function<void()> run;
    bool reorder;
};

@interface MockCommandBuffer : NSObject <MTLCommandBuffer> {
  @public
    std::vector<MockCmd>* cmds;
    std::thread* worker;
    volatile MTLCommandBufferStatus st;
    double t0, t1;
}
@end

@interface MockCompute : NSObject <MTLComputeCommandEncoder> {
  @public
    MockCommandBuffer* cb;
    MockPipeline* pipe;
    void* bufs[32];
    std::vector<char>* args;
}
@end
@implementation MockCompute
- (NSString*)label {
    return nil;
}
- (void)setLabel:(NSString*)l {
    (void)l;
}
- (void)endEncoding {
    cb->cmds->push_back(MockCmd{[] {}, false});
}
- (MTLDispatchType)dispatchType {
    return MTLDispatchTypeConcurrent;
}
- (void)setComputePipelineState:(id<MTLComputePipelineState>)state {
    pipe = (MockPipeline*)state;
}
- (void)setBytes:(const void*)bytes length:(NSUInteger)length atIndex:(NSUInteger)index {
    if (index != 0) std::abort();
    args->assign((const char*)bytes, (const char*)bytes + length);
}
- (void)setBuffer:(id<MTLBuffer>)buffer offset:(NSUInteger)offset atIndex:(NSUInteger)index {
    void* p = buffer == nil ? nullptr : (char*)[buffer contents] + offset;
    if (index == 0) {
        MockBuffer* b = (MockBuffer*)buffer;
        args->assign((const char*)p, (const char*)p + b->n - offset);
        return;
    }
    bufs[index - 1] = p;
}
- (void)setThreadgroupMemoryLength:(NSUInteger)length atIndex:(NSUInteger)index {
    (void)length;
    (void)index;
}
- (void)run:(unsigned long)threads groups:(unsigned long)groups {
    fgpu_mock_fn fn = pipe->fn;
    std::vector<char> a = *args;
    std::vector<void*> b(bufs, bufs + 32);
    dispatches++;
    cb->cmds->push_back(MockCmd{[fn, a, b, threads, groups]() { fn(a.data(), b.data(), threads, groups); }, true});
}
- (void)dispatchThreadgroups:(MTLSize)g threadsPerThreadgroup:(MTLSize)t {
    [self run:t.width groups:g.width];
}
- (void)dispatchThreads:(MTLSize)g threadsPerThreadgroup:(MTLSize)t {
    (void)t;
    [self run:g.width groups:0];
}
- (void)memoryBarrierWithScope:(MTLBarrierScope)scope {
    (void)scope;
    barriers++;
    cb->cmds->push_back(MockCmd{[] {}, false});
}
- (void)memoryBarrierWithResources:(const id<MTLResource> _Nonnull[_Nonnull])resources count:(NSUInteger)count {
    (void)resources;
    (void)count;
    barriers++;
    cb->cmds->push_back(MockCmd{[] {}, false});
}
@end

@interface MockBlit : NSObject <MTLBlitCommandEncoder> {
  @public
    MockCommandBuffer* cb;
}
@end
@implementation MockBlit
- (NSString*)label {
    return nil;
}
- (void)setLabel:(NSString*)l {
    (void)l;
}
- (void)endEncoding {
}
- (void)copyFromBuffer:(id<MTLBuffer>)src
          sourceOffset:(NSUInteger)so
              toBuffer:(id<MTLBuffer>)dst
     destinationOffset:(NSUInteger)dof
                  size:(NSUInteger)size {
    char* s = (char*)[src contents] + so;
    char* d = (char*)[dst contents] + dof;
    blits++;
    cb->cmds->push_back(MockCmd{[s, d, size]() { std::memcpy(d, s, size); }, false});
}
- (void)fillBuffer:(id<MTLBuffer>)buffer range:(NSRange)range value:(uint8_t)value {
    char* d = (char*)[buffer contents] + range.location;
    NSUInteger n = range.length;
    cb->cmds->push_back(MockCmd{[d, n, value]() { std::memset(d, value, n); }, false});
}
@end

@implementation MockCommandBuffer
- (id<MTLDevice>)device {
    return nil;
}
- (NSString*)label {
    return nil;
}
- (void)setLabel:(NSString*)l {
    (void)l;
}
- (MTLCommandBufferStatus)status {
    return st;
}
- (NSError*)error {
    return nil;
}
- (CFTimeInterval)GPUStartTime {
    return t0;
}
- (CFTimeInterval)GPUEndTime {
    return t1;
}
- (void)enqueue {
}
- (void)commit {
    unsigned long me;
    {
        std::lock_guard<std::mutex> g(order_mu);
        me = ++committed;
    }
    st = MTLCommandBufferStatusCommitted;
    MockCommandBuffer* self_ = self;
    worker = new std::thread([self_, me]() {
        {
            std::unique_lock<std::mutex> g(order_mu);
            order_cv.wait(g, [&] { return finished == me - 1; });
        }
        // The "GPU" takes its time: a host that does not wait reads old data.
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        auto now = [] {
            return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        };
        self_->t0 = now();
        // Runs of reorderable dispatches, each run backwards.
        std::vector<MockCmd>& cs = *self_->cmds;
        for (size_t i = 0; i < cs.size();) {
            size_t j = i;
            while (j < cs.size() && cs[j].reorder) j++;
            for (size_t k = j; k > i; k--) cs[k - 1].run();
            if (j < cs.size()) cs[j].run();
            i = j + 1;
        }
        self_->t1 = now();
        std::lock_guard<std::mutex> g(order_mu);
        self_->st = MTLCommandBufferStatusCompleted;
        finished = me;
        order_cv.notify_all();
    });
}
- (void)addCompletedHandler:(MTLCommandBufferHandler)block {
    (void)block;
}
- (void)waitUntilScheduled {
}
- (void)waitUntilCompleted {
    if (worker != nullptr && worker->joinable()) worker->join();
}
- (id<MTLBlitCommandEncoder>)blitCommandEncoder {
    MockBlit* b = [MockBlit new];
    b->cb = self;
    return b;
}
- (id<MTLComputeCommandEncoder>)computeCommandEncoder {
    return [self computeCommandEncoderWithDispatchType:MTLDispatchTypeSerial];
}
- (id<MTLComputeCommandEncoder>)computeCommandEncoderWithDispatchType:(MTLDispatchType)t {
    (void)t;
    MockCompute* e = [MockCompute new];
    e->cb = self;
    e->args = new std::vector<char>;
    return e;
}
@end

@interface MockQueue : NSObject <MTLCommandQueue>
@end
@implementation MockQueue
- (NSString*)label {
    return nil;
}
- (void)setLabel:(NSString*)l {
    (void)l;
}
- (id<MTLDevice>)device {
    return nil;
}
- (id<MTLCommandBuffer>)commandBuffer {
    MockCommandBuffer* c = [MockCommandBuffer new];
    c->cmds = new std::vector<MockCmd>;
    c->st = MTLCommandBufferStatusNotEnqueued;
    return c;
}
@end

@interface MockDevice : NSObject <MTLDevice>
@end
@implementation MockDevice
- (NSString*)name {
    return [NSString stringWithUTF8String:"fgpu mock"];
}
- (uint64_t)registryID {
    return 1;
}
- (MTLSize)maxThreadsPerThreadgroup {
    return MTLSizeMake(96, 1, 1);
}
- (BOOL)hasUnifiedMemory {
    return YES;
}
- (uint64_t)recommendedMaxWorkingSetSize {
    return 1ull << 34;
}
- (NSUInteger)currentAllocatedSize {
    return 0;
}
- (NSUInteger)maxBufferLength {
    return 1ul << 32;
}
- (id<MTLCommandQueue>)newCommandQueue {
    return [MockQueue new];
}
- (id<MTLBuffer>)newBufferWithLength:(NSUInteger)length options:(MTLResourceOptions)options {
    (void)options;
    MockBuffer* b = [MockBuffer new];
    b->p = std::calloc(1, length);
    b->n = length;
    buffers++;
    return b;
}
- (id<MTLBuffer>)newBufferWithBytes:(const void*)pointer length:(NSUInteger)length options:(MTLResourceOptions)o {
    MockBuffer* b = (MockBuffer*)[self newBufferWithLength:length options:o];
    std::memcpy(b->p, pointer, length);
    return b;
}
- (id<MTLLibrary>)newLibraryWithData:(dispatch_data_t)data error:(NSError**)error {
    (void)data;
    (void)error;
    return [MockLibrary new];
}
- (id<MTLLibrary>)newLibraryWithURL:(NSURL*)url error:(NSError**)error {
    (void)url;
    (void)error;
    return [MockLibrary new];
}
- (id<MTLComputePipelineState>)newComputePipelineStateWithFunction:(id<MTLFunction>)f error:(NSError**)error {
    (void)error;
    MockPipeline* p = [MockPipeline new];
    p->fn = registry()[[f name].UTF8String];
    return p;
}
@end

extern "C" id<MTLDevice> MTLCreateSystemDefaultDevice(void) {
    static MockDevice* d = [MockDevice new];
    return d;
}

extern "C" NSArray<id<MTLDevice>>* MTLCopyAllDevices(void) {
    MockArray* a = [MockArray new];
    a->items = new std::vector<id>{MTLCreateSystemDefaultDevice()};
    return a;
}

// FGPU_MOCK_STATS: what the program made the "GPU" do, at exit.
namespace {
struct Report {
    ~Report() {
        if (std::getenv("FGPU_MOCK_STATS"))
            std::fprintf(stderr, "fgpu mock: %lu command buffers, %lu dispatches, %lu blits, %lu barriers, %lu buffers\n",
                         committed, dispatches, blits, barriers, buffers);
    }
} report;
} // namespace
