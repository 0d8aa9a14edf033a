// Stand-in of <mach-o/loader.h> (see ../README.md).
#ifndef FGPU_STANDIN_MACHO_LOADER_H
#define FGPU_STANDIN_MACHO_LOADER_H
#include <stdint.h>
struct mach_header_64 {
    uint32_t magic;
    int32_t cputype;
    int32_t cpusubtype;
    uint32_t filetype;
    uint32_t ncmds;
    uint32_t sizeofcmds;
    uint32_t flags;
    uint32_t reserved;
};
#endif
