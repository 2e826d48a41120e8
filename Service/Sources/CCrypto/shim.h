// OpenSSL's libcrypto (Debian's libssl-dev), for SHA-256 only: the service's cache keys,
// ETags and assets digest. Its EVP digests use the CPU's SHA extensions where it has them.
#include <openssl/evp.h>
