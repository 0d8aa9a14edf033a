// Stand-in of <mach-o/getsect.h> (see ../README.md).
#ifndef FGPU_STANDIN_MACHO_GETSECT_H
#define FGPU_STANDIN_MACHO_GETSECT_H
#include <mach-o/loader.h>
#ifdef __cplusplus
extern "C" {
#endif
extern uint8_t* getsectiondata(const struct mach_header_64* mhp, const char* segname, const char* sectname,
                               unsigned long* size);
#ifdef __cplusplus
}
#endif
#endif
