#include "secure-random.h"

#include <cerrno>
#include <cstring>

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
#include <bcrypt.h>
#include <limits>
#elif defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || \
    defined(__NetBSD__) || defined(__DragonFly__)
#include <stdlib.h>
#else
#error "slashbench native: no secure random source for this platform"
#endif

namespace slashbench {
namespace {

std::string ErrnoMessage(const char* what, int error) {
  return std::string(what) + ": " + std::strerror(error);
}

#if defined(__linux__)

// Reads /dev/urandom until length bytes arrived. Used only where getrandom(2)
// is unavailable (kernels before 3.17, or seccomp filters that forbid it).
void FillFromDevUrandom(std::uint8_t* buffer, std::size_t length) {
  int fd;
  do {
    fd = ::open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) throw SecureRandomError(ErrnoMessage("open(/dev/urandom)", errno));
  std::size_t done = 0;
  while (done < length) {
    const ssize_t n = ::read(fd, buffer + done, length - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd);
      throw SecureRandomError(ErrnoMessage("read(/dev/urandom)", error));
    }
    if (n == 0) {
      ::close(fd);
      throw SecureRandomError("read(/dev/urandom): unexpected end of file");
    }
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
}

#endif  // __linux__

}  // namespace

void FillSecureRandom(std::uint8_t* buffer, std::size_t length) {
  if (length == 0) return;
#if defined(_WIN32)
  while (length > 0) {
    const ULONG chunk = length > std::numeric_limits<ULONG>::max()
                            ? std::numeric_limits<ULONG>::max()
                            : static_cast<ULONG>(length);
    const NTSTATUS status = ::BCryptGenRandom(nullptr, buffer, chunk,
                                              BCRYPT_USE_SYSTEM_PREFERRED_RNG);
    if (status < 0) throw SecureRandomError("BCryptGenRandom failed");
    buffer += chunk;
    length -= chunk;
  }
#elif defined(__linux__)
#if defined(SYS_getrandom)
  std::size_t done = 0;
  while (done < length) {
    // Flags 0: block only until the pool is initialised once, then never.
    const long n = ::syscall(SYS_getrandom, buffer + done, length - done, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      if ((errno == ENOSYS || errno == EPERM) && done == 0) {
        FillFromDevUrandom(buffer, length);
        return;
      }
      throw SecureRandomError(ErrnoMessage("getrandom", errno));
    }
    done += static_cast<std::size_t>(n);
  }
#else
  FillFromDevUrandom(buffer, length);
#endif  // SYS_getrandom
#else
  ::arc4random_buf(buffer, length);
#endif
}

}  // namespace slashbench
