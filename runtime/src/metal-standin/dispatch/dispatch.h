// Stand-in of <dispatch/dispatch.h> (see ../README.md): dispatch data, as
// the macOS SDK declares it for Objective-C (OS_OBJECT_USE_OBJC: dispatch
// objects are Objective-C objects, managed by ARC).
#ifndef FGPU_STANDIN_DISPATCH_H
#define FGPU_STANDIN_DISPATCH_H

#include <stddef.h>

@protocol NSObject;
@class NSObject;

_Pragma("clang assume_nonnull begin")

typedef void (^dispatch_block_t)(void);

@protocol OS_dispatch_object <NSObject>
@end
@protocol OS_dispatch_queue <OS_dispatch_object>
@end
@protocol OS_dispatch_data <OS_dispatch_object>
@end
typedef NSObject<OS_dispatch_queue>* dispatch_queue_t;
typedef NSObject<OS_dispatch_data>* dispatch_data_t;

#define DISPATCH_DATA_DESTRUCTOR_DEFAULT NULL

#ifdef __cplusplus
extern "C" {
#endif
dispatch_data_t dispatch_data_create(const void* buffer, size_t size, dispatch_queue_t _Nullable queue,
                                     dispatch_block_t _Nullable destructor);
#ifdef __cplusplus
}
#endif

_Pragma("clang assume_nonnull end")

#endif
