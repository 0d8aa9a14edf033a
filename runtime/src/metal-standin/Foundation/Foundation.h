// Stand-in of <Foundation/Foundation.h> (see ../README.md): the types and
// classes fgpu_rt_metal.mm uses, as the macOS SDK declares them.
#ifndef FGPU_STANDIN_FOUNDATION_H
#define FGPU_STANDIN_FOUNDATION_H

#include <stddef.h>
#include <stdint.h>
#include <dispatch/dispatch.h>

typedef unsigned long NSUInteger;
typedef long NSInteger;
typedef bool BOOL;
#define YES true
#define NO false
typedef double CFTimeInterval;
typedef double NSTimeInterval;
typedef const void* CFTypeRef;

// (objc/objc.h)
#ifndef nil
#define nil nullptr
#endif

// (CFAvailability.h, for C++: an options type is its integer type, so that
// options combine with |.)
#define NS_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
#define NS_OPTIONS(_type, _name) _type _name; enum : _type
#define NS_ASSUME_NONNULL_BEGIN _Pragma("clang assume_nonnull begin")
#define NS_ASSUME_NONNULL_END _Pragma("clang assume_nonnull end")
#define NS_RETURNS_INNER_POINTER __attribute__((objc_returns_inner_pointer))
#define API_AVAILABLE(...)

NS_ASSUME_NONNULL_BEGIN

typedef struct _NSRange {
    NSUInteger location;
    NSUInteger length;
} NSRange;

static inline NSRange NSMakeRange(NSUInteger loc, NSUInteger len) {
    NSRange r;
    r.location = loc;
    r.length = len;
    return r;
}

@class NSString;

@protocol NSObject
- (BOOL)isEqual:(nullable id)object;
@property (readonly, copy) NSString* description;
@end

typedef struct objc_class* Class;

__attribute__((objc_root_class))
@interface NSObject <NSObject> {
    Class isa;
}
+ (instancetype)alloc;
- (instancetype)init;
+ (instancetype)new;
@end

@interface NSString : NSObject
+ (nullable instancetype)stringWithUTF8String:(const char*)nullTerminatedCString;
@property (nullable, readonly) const char* UTF8String NS_RETURNS_INNER_POINTER;
@property (readonly) NSUInteger length;
@end

@interface NSURL : NSObject
+ (NSURL*)fileURLWithPath:(NSString*)path;
@end

typedef NSString* NSErrorDomain;

@interface NSError : NSObject
@property (readonly, copy) NSErrorDomain domain;
@property (readonly) NSInteger code;
@property (readonly, copy) NSString* localizedDescription;
@end

@interface NSArray<__covariant ObjectType> : NSObject
@property (readonly) NSUInteger count;
- (ObjectType)objectAtIndex:(NSUInteger)index;
- (ObjectType)objectAtIndexedSubscript:(NSUInteger)idx;
@end

NS_ASSUME_NONNULL_END

#endif
