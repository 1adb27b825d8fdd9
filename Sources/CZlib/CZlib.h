// zlib (zlib1g-dev on Debian; part of every Apple SDK), for TaskChampion's snapshots
// (TodoSyncCrypto): inflateInit is a macro, which Swift cannot call, so a function here stands
// in for it.
#include <zlib.h>

static inline int todo_inflate_init(z_streamp stream) {
    return inflateInit(stream);
}
