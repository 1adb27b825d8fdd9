// OpenSSL's libcrypto (libssl-dev on Debian), todo-sync's PBKDF2, ChaCha20-Poly1305 and random
// bytes on Linux (TodoSyncCrypto): already loaded there, by libcurl, so todo-sync pays nothing
// more for it.
#include <openssl/evp.h>
#include <openssl/rand.h>
